// Views as Block Kit: structure, Slack's limits, native times, buttons, and user content escaped.
import { describe, expect, it } from "vitest";
import {
  dateToken,
  escapeText,
  escapeWithin,
  mrkdwnWithin,
} from "../../../adapters/slack/mrkdwn.js";
import { renderView, SLACK_LIMITS } from "../../../adapters/slack/render.js";
import { formAction } from "../../../src/view/form-action.js";
import type { View } from "../../../src/view/view.js";
import { textsOf } from "./harness.js";

const HOSTILE = "<!channel> <@U123> <https://evil|click> &lt; *bold*";

function sectionTexts(view: View): string[] {
  return renderView(view)
    .blocks.filter((block) => block.type === "section")
    .flatMap((block) => ("text" in block && block.text ? [block.text.text] : []));
}

describe("escaping", () => {
  it("escapes &, < and > and nothing else", () => {
    expect(escapeText(HOSTILE)).toBe(
      "&lt;!channel&gt; &lt;@U123&gt; &lt;https://evil|click&gt; &amp;lt; *bold*",
    );
  });

  it("cuts before the limit without splitting an entity or a surrogate pair", () => {
    expect(escapeWithin("a<b", 4)).toBe("a…");
    expect(escapeWithin("😀😀😀", 5)).toBe("😀😀…");
    expect(escapeWithin("short", 10)).toBe("short");
  });

  it("renders user content inert everywhere it can appear", () => {
    const view: View = {
      outcome: "info",
      title: `Reports against ${HOSTILE}`,
      description: HOSTILE,
      fields: [
        { label: "Reason", value: HOSTILE, inline: true },
        { label: "Message", value: HOSTILE },
      ],
      table: {
        columns: [
          { key: "by", label: "By" },
          { key: "message", label: "Message" },
        ],
        rows: [{ by: HOSTILE, message: HOSTILE }],
        emptyText: "none",
      },
      notices: [HOSTILE],
      actions: [{ id: "cw:x", kind: "page", label: HOSTILE, style: "primary" }],
      visibility: "private",
    };
    const message = renderView(view);
    const texts = [message.text, ...textsOf(message.blocks)];
    // fallback, header, description, two fields, the row, the notice and the button
    expect(texts).toHaveLength(8);
    for (const text of texts) {
      // The only tokens are the ones that show `*` unformatted (below).
      expect(text).not.toMatch(/<(?!!date\^00000000\^\{_\}\|\*>)[!@#]|<https?:/);
      expect(text).not.toContain("&lt; *");
    }
    expect(texts.join("\n")).toContain("&amp;lt;");
  });
});

describe("player text in mrkdwn", () => {
  const shown = (char: string) => `<!date^00000000^{_}|${char}>`;

  it("shows formatting characters at word breaks through a date token's plain fallback", () => {
    expect(mrkdwnWithin("*bold* _it_ ~strike~", 3000)).toBe(
      `${shown("*")}bold${shown("*")} ${shown("_")}it${shown("_")} ${shown("~")}strike${shown("~")}`,
    );
    // A backtick acts anywhere; `*`, `_` and `~` inside a word do not, and stay as typed.
    expect(mrkdwnWithin("a`b gold_seller x*y*z", 3000)).toBe(`a${shown("`")}b gold_seller x*y*z`);
    expect(mrkdwnWithin("__init__", 3000)).toBe(
      `${shown("_")}${shown("_")}init${shown("_")}${shown("_")}`,
    );
  });

  it("keeps a line from starting a quote, and keeps line breaks", () => {
    expect(mrkdwnWithin("> quoted\n  > again\nnot > this", 3000)).toBe(
      "\u00ad&gt; quoted\n  \u00ad&gt; again\nnot &gt; this",
    );
  });

  it("shows control and bidi characters as visible stand-ins, everywhere", () => {
    expect(mrkdwnWithin("\u001b[31mred a\u0000b gift\u202etxt\r\nnext", 3000)).toBe(
      "\u241b[31mred a\u2400b gift\ufffdtxt\nnext",
    );
    expect(escapeWithin("a\u0000b\u2066", 100)).toBe("a\u2400b\ufffd");
  });

  it("cuts between characters, never inside a token", () => {
    expect(mrkdwnWithin("ab *cd", 10)).toBe("ab …");
    expect(mrkdwnWithin("ab *cd", 26)).toBe(`ab ${shown("*")}…`);
  });

  it("keeps the adapter's own labels bold around neutralised player text", () => {
    const [text] = sectionTexts({
      outcome: "info",
      title: "t",
      fields: [{ label: "*Reason*", value: "*spam*" }],
      visibility: "private",
    });
    expect(text).toBe(`*${shown("*")}Reason${shown("*")}*\n${shown("*")}spam${shown("*")}`);
  });
});

describe("structure", () => {
  it("has a header, fields side by side, full-width fields and the case number", () => {
    const message = renderView({
      outcome: "success",
      title: "Banned gamer-1 for 3 days",
      fields: [
        { label: "Player", value: "gamer-1", inline: true },
        { label: "Days", value: 3, inline: true },
        { label: "Reason", value: "spam" },
      ],
      notices: ["Case #4"],
      visibility: "public",
    });
    expect(message.blocks.map((block) => block.type)).toEqual([
      "header",
      "section",
      "section",
      "context",
    ]);
    expect(message.blocks[1]).toMatchObject({
      fields: [{ text: "*Player*\ngamer-1" }, { text: "*Days*\n3" }],
    });
    expect(message.text).toBe("Banned gamer-1 for 3 days: Player: gamer-1, Days: 3, Reason: spam");
  });

  it("shows times as Slack date tokens with a UTC fallback", () => {
    const time = new Date("2026-11-24T10:00:00Z");
    expect(dateToken(time)).toBe(
      "<!date^1795514400^{date_short_pretty} {time}|2026-11-24 10:00 UTC>",
    );
    const texts = sectionTexts({
      outcome: "info",
      title: "t",
      fields: [{ label: "Until", value: { time } }],
      visibility: "private",
    });
    expect(texts).toEqual([`*Until*\n${dateToken(time)}`]);
  });

  it("renders table rows as labelled lines, and the empty text for no rows", () => {
    const table = {
      columns: [
        { key: "gamer_id", label: "Player" },
        { key: "count", label: "Bans" },
        { key: "flags", label: "" },
      ],
      emptyText: "Nobody is banned.",
    };
    expect(
      sectionTexts({
        outcome: "info",
        title: "Bans",
        table: { ...table, rows: [{ gamer_id: "a", count: 2, flags: "full" }] },
        visibility: "private",
      }),
    ).toEqual(["*Player:* a  ·  *Bans:* 2  ·  full"]);
    expect(
      sectionTexts({
        outcome: "info",
        title: "Bans",
        table: { ...table, rows: [] },
        visibility: "private",
      }),
    ).toEqual(["Nobody is banned."]);
  });

  it("turns actions into buttons that carry the view's action id", () => {
    const message = renderView({
      outcome: "confirm",
      title: "Please confirm",
      actions: [
        { id: "cw:yes", kind: "confirm", label: "Confirm", style: "danger" },
        { id: "cw:no", kind: "cancel", label: "Cancel", style: "secondary" },
      ],
      page: { number: 1, count: 3 },
      visibility: "private",
    });
    expect(message.blocks.at(-1)).toEqual({
      type: "actions",
      elements: [
        {
          type: "button",
          action_id: "cw:yes",
          value: "cw:yes",
          text: { type: "plain_text", text: "Confirm", emoji: true },
          style: "danger",
        },
        {
          type: "button",
          action_id: "cw:no",
          value: "cw:no",
          text: { type: "plain_text", text: "Cancel", emoji: true },
        },
      ],
    });
    expect(textsOf(message.blocks)).toContain("Page 1 of 3");
  });

  it("turns a form action into a button carrying the core's id for that form", () => {
    const ban = formAction({ command: "ban", args: { gamer_id: "g-1" } }, "Ban…");
    const message = renderView({
      outcome: "info",
      title: "History of g-1",
      actions: ban ? [ban] : [],
      visibility: "private",
    });
    expect(message.blocks.at(-1)).toMatchObject({
      type: "actions",
      elements: [
        {
          action_id: "cwform:ban?gamer_id=g-1",
          value: "cwform:ban?gamer_id=g-1",
          text: { text: "Ban…" },
          style: "danger",
        },
      ],
    });
  });
});

describe("Slack's limits", () => {
  it("keeps 50 blocks at most, keeping the buttons and saying what was cut", () => {
    const rows = Array.from({ length: 80 }, (_, index) => ({ n: index }));
    const message = renderView({
      outcome: "info",
      title: "Long",
      table: { columns: [{ key: "n", label: "N" }], rows, emptyText: "", unpaged: true },
      actions: [{ id: "cw:next", kind: "page", label: "Next page", style: "secondary" }],
      visibility: "private",
    });
    expect(message.blocks).toHaveLength(SLACK_LIMITS.blocks);
    expect(message.blocks.at(-1)?.type).toBe("actions");
    expect(textsOf(message.blocks).join("\n")).toMatch(/\d+ more not shown/);
  });

  it("cuts section text to 3,000 and field text to 2,000 characters", () => {
    const long = "<".repeat(5000);
    const message = renderView({
      outcome: "info",
      title: long,
      description: long,
      fields: [
        { label: "Inline", value: long, inline: true },
        { label: "Wide", value: long },
      ],
      table: { columns: [{ key: "m", label: "M" }], rows: [{ m: long }], emptyText: "" },
      visibility: "private",
    });
    for (const block of message.blocks) {
      if (block.type === "header") expect(block.text.text.length).toBeLessThanOrEqual(150);
      if (block.type !== "section") continue;
      if (block.text) expect(block.text.text.length).toBeLessThanOrEqual(3000);
      for (const field of block.fields ?? []) expect(field.text.length).toBeLessThanOrEqual(2000);
    }
    expect(message.text.length).toBeLessThanOrEqual(3000);
  });

  it("puts at most 10 fields in one section", () => {
    const fields = Array.from({ length: 13 }, (_, index) => ({
      label: `F${index}`,
      value: index,
      inline: true,
    }));
    const message = renderView({ outcome: "info", title: "t", fields, visibility: "private" });
    const counts = message.blocks.flatMap((block) =>
      block.type === "section" && block.fields ? [block.fields.length] : [],
    );
    expect(counts).toEqual([10, 3]);
  });
});
