// Views as Discord messages, without Discord: colours, fields, tables as fields, times, buttons,
// and hostile or oversized content made inert and cut to every limit.
import { ButtonStyle } from "discord.js";
import { describe, expect, it } from "vitest";
import { OUTCOME_COLOURS, renderView } from "../../../adapters/discord/render.js";
import { formAction } from "../../../src/view/form-action.js";
import type { View } from "../../../src/view/view.js";

const view = (extra: Partial<View>): View => ({
  outcome: "info",
  title: "T",
  visibility: "private",
  ...extra,
});

const HOSTILE =
  "@everyone <@&123> <@!456> <#789> </ban:1> <t:0:R> **b** _i_ ~~s~~ ||x|| `c` [l](https://e.example)";

function sizeOf(embed: ReturnType<typeof renderView>["embeds"][number]): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

describe("renderView", () => {
  it("colours by outcome and never allows a mention", () => {
    for (const outcome of ["success", "info", "warning", "error", "denied", "confirm"] as const) {
      const message = renderView(view({ outcome }));
      expect(message.embeds[0]?.color).toBe(OUTCOME_COLOURS[outcome]);
      expect(message.allowedMentions).toEqual({ parse: [] });
    }
    expect(new Set(Object.values(OUTCOME_COLOURS)).size).toBe(6);
  });

  it("shows times in UTC with Discord's relative timestamp", () => {
    const at = new Date("2026-11-21T10:00:00Z");
    const [embed] = renderView(
      view({ fields: [{ label: "Until", value: { time: at }, inline: true }] }),
    ).embeds;
    expect(embed?.fields).toEqual([
      { name: "Until", value: `2026-11-21 10:00 UTC (<t:${at.getTime() / 1000}:R>)`, inline: true },
    ]);
  });

  it("renders table rows as fields, named by the first column, and the empty text for none", () => {
    const [embed] = renderView(
      view({
        table: {
          columns: [
            { key: "id", label: "#" },
            { key: "who", label: "Player" },
            { key: "flags", label: "" },
          ],
          rows: [{ id: 12, who: "gamer-1", flags: "default" }],
          emptyText: "none",
        },
        notices: ["Case #4"],
        page: { number: 1, count: 2 },
      }),
    ).embeds;
    expect(embed?.fields).toEqual([{ name: "\\#12", value: "**Player:** gamer-1\ndefault" }]);
    expect(embed?.footer?.text).toBe("Case #4 · Page 1 of 2");
    const [empty] = renderView(
      view({ table: { columns: [], rows: [], emptyText: "Nobody." } }),
    ).embeds;
    expect(empty?.fields).toEqual([{ name: "—", value: "Nobody." }]);
  });

  it("makes buttons of the actions, five to a row, the action id as custom id", () => {
    const actions = Array.from({ length: 7 }, (_, n) => ({
      id: `cw:${n}`,
      kind: "page" as const,
      label: `Button ${n}`,
      style: n === 0 ? ("danger" as const) : ("secondary" as const),
    }));
    const { components } = renderView(view({ actions }));
    expect(components.map((row) => row.components.length)).toEqual([5, 2]);
    expect(components[0]?.components[0]).toEqual({
      type: 2,
      custom_id: "cw:0",
      label: "Button 0",
      style: ButtonStyle.Danger,
    });
    expect(renderView(view({})).components).toEqual([]);
  });

  it("makes a form action a button whose custom id is the core's id for that form", () => {
    const ban = formAction({ command: "ban", args: { gamer_id: "g 1" } }, "Ban…");
    const { components } = renderView(view({ actions: ban ? [ban] : [] }));
    expect(components[0]?.components[0]).toMatchObject({
      custom_id: "cwform:ban?gamer_id=g+1",
      label: "Ban…",
    });
  });

  it("makes hostile text inert everywhere: no mention, link, timestamp or markdown renders", () => {
    const message = renderView(
      view({
        title: HOSTILE,
        description: `${HOSTILE}\n# heading\n> quote\n-# small\n- bullet\n1. first`,
        fields: [{ label: HOSTILE, value: HOSTILE }],
        table: {
          columns: [
            { key: "a", label: "A" },
            { key: "b", label: HOSTILE },
          ],
          rows: [{ a: HOSTILE, b: HOSTILE }],
          emptyText: "",
        },
        notices: [HOSTILE],
      }),
    );
    const [embed] = message.embeds;
    // The footer renders no markdown, so only mentions are broken there.
    const footer = embed?.footer?.text ?? "";
    const marked = [
      embed?.title ?? "",
      embed?.description ?? "",
      ...(embed?.fields ?? []).flatMap((field) => [field.name, field.value]),
    ];
    for (const text of [...marked, footer]) expect(text).not.toMatch(/@everyone|<[@#/t]/);
    for (const text of marked) expect(text).not.toMatch(/(^|[^\\])(\*\*b|~~s|\|\|x|`c|\[l\])/);
    expect(embed?.description).toContain(
      "\n\\# heading\n\\> quote\n\\-# small\n\\- bullet\n1\\. first",
    );
  });

  it("breaks bare URLs and shows control and bidi characters as visible stand-ins", () => {
    const hostile = "see https://e.example/gold\u202e \u001b[2J\u0000";
    const message = renderView(
      view({
        title: `${hostile}\nsecond line`,
        description: `${hostile}\nsecond line`,
        notices: [hostile],
        actions: [{ id: "cw:x", kind: "page", label: `@everyone ${hostile}`, style: "primary" }],
      }),
    );
    const [embed] = message.embeds;
    // Markdown text: `https\://` reads "https://" and is no autolink; a title is one line.
    expect(embed?.title).toBe(
      "see https\\://e.example/gold\ufffd \u241b\\[2J\u2400\u240asecond line",
    );
    expect(embed?.description).toBe(
      "see https\\://e.example/gold\ufffd \u241b\\[2J\u2400\nsecond line",
    );
    // No markdown and no links in footers and buttons: only controls and mentions matter there.
    expect(embed?.footer?.text).toBe("see https://e.example/gold\ufffd \u241b[2J\u2400");
    expect(labelOf(message.components[0]?.components[0])).toBe(
      "@\u200beveryone see https://e.example/gold\ufffd \u241b[2J\u2400",
    );
  });

  it("keeps a message of 5,000-character content within every limit", () => {
    const long = `${HOSTILE} ${"y".repeat(5000)}`;
    const rows = Array.from({ length: 30 }, (_, n) => ({ id: n, text: long, more: long }));
    const message = renderView(
      view({
        title: long,
        description: long,
        fields: Array.from({ length: 5 }, () => ({ label: long, value: long })),
        table: {
          columns: [
            { key: "id", label: "#" },
            { key: "text", label: "Text" },
            { key: "more", label: "More" },
          ],
          rows,
          emptyText: "",
        },
        notices: [long],
        actions: Array.from({ length: 30 }, (_, n) => ({
          id: `cw:${n}`,
          kind: "page" as const,
          label: long,
          style: "primary" as const,
        })),
      }),
    );
    const [embed] = message.embeds;
    if (!embed) throw new Error("no embed");
    expect(sizeOf(embed)).toBeLessThanOrEqual(6000);
    expect(embed.title?.length).toBeLessThanOrEqual(256);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(4096);
    expect(embed.fields?.length).toBeLessThanOrEqual(25);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeLessThanOrEqual(1024);
    }
    expect(embed.fields?.at(-1)?.value).toMatch(/more not shown/);
    expect(message.components.flatMap((row) => row.components)).toHaveLength(25);
    for (const button of message.components.flatMap((row) => row.components)) {
      expect(labelOf(button)?.length).toBeLessThanOrEqual(80);
    }
  });

  it("keeps every row of a long page visible by shortening each", () => {
    const rows = Array.from({ length: 10 }, (_, n) => ({ id: n, text: "z".repeat(2000) }));
    const [embed] = renderView(
      view({
        table: {
          columns: [
            { key: "id", label: "#" },
            { key: "text", label: "Text" },
          ],
          rows,
          emptyText: "",
        },
      }),
    ).embeds;
    expect(embed?.fields).toHaveLength(10);
    expect(embed ? sizeOf(embed) : 0).toBeLessThanOrEqual(6000);
    expect(embed?.fields?.[0]?.value.endsWith("…")).toBe(true);
  });
});

/** A button's label; a select menu has none of its own. */
function labelOf(component: { label?: string } | object | undefined): string | undefined {
  return component && "label" in component ? component.label : undefined;
}
