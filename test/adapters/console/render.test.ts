import { describe, expect, it } from "vitest";
import { shouldColour } from "../../../adapters/console/colour.js";
import { displayWidth, loadWideTextWidths } from "../../../adapters/console/display-width.js";
import { renderJson, renderOneLine, renderView } from "../../../adapters/console/render.js";
import { formatTime } from "../../../adapters/console/time-text.js";
import { presenting } from "../../../src/i18n/presentation.js";
import { loadLocales, t } from "../../../src/i18n/translate.js";
import type { View } from "../../../src/view/view.js";

// The product renders through withTextWidths, which loads string-width when a text needs it;
// these tests call the renderers directly, on text that does.
await loadWideTextWidths();

const NOW = new Date("2026-11-21T10:00:00Z");
const ESC = "\u001b";

function view(partial: Partial<View>): View {
  return { outcome: "info", title: "A view", visibility: "private", ...partial };
}

/** The terminal column where `text` starts on `line`. */
function columnOf(line: string, text: string): number {
  const index = line.indexOf(text);
  expect(index, `"${text}" in "${line}"`).toBeGreaterThanOrEqual(0);
  return displayWidth(line.slice(0, index));
}

describe("tables", () => {
  const players = view({
    title: "Players",
    table: {
      columns: [
        { key: "name", label: "Name" },
        { key: "id", label: "Id" },
        { key: "note", label: "Note" },
      ],
      rows: [
        { name: "김민수", id: 10001, note: "first" },
        { name: "ShadowFox", id: 10003, note: "second" },
        { name: "달빛기사달빛기사", id: 10002, note: "third" },
      ],
      emptyText: "Nobody.",
    },
  });

  it("aligns columns by display width, counting Hangul as two columns", () => {
    const lines = renderView(players, { now: NOW }).split("\n");
    const header = lines.find((line) => line.includes("Name")) ?? "";
    const rows = ["10001", "10003", "10002"].map(
      (id) => lines.find((line) => line.includes(id)) ?? "",
    );
    const idColumn = columnOf(header, "Id");
    const noteColumn = columnOf(header, "Note");
    for (const row of rows) {
      expect(columnOf(row, "1000")).toBe(idColumn);
    }
    expect(columnOf(rows[0] ?? "", "first")).toBe(noteColumn);
    expect(columnOf(rows[1] ?? "", "second")).toBe(noteColumn);
    expect(columnOf(rows[2] ?? "", "third")).toBe(noteColumn);
    // 달빛기사달빛기사 is 8 syllables, 16 columns: the Id column starts after it and the gap.
    expect(idColumn).toBe(2 + 16 + 2);
  });

  it("cuts over-long cells with … so every row fits the line", () => {
    const long = view({
      table: {
        columns: [
          { key: "who", label: "Who" },
          { key: "message", label: "Message" },
        ],
        rows: [
          { who: "김민수", message: "도배 ".repeat(100) },
          { who: "ShadowFox", message: "spam ".repeat(100) },
        ],
        emptyText: "",
      },
    });
    const lines = renderView(long, { now: NOW, width: 120 }).trimEnd().split("\n");
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(120);
    const cut = lines.filter((line) => line.endsWith("…"));
    expect(cut).toHaveLength(2);
    expect(columnOf(lines.find((l) => l.includes("도배")) ?? "", "도배")).toBe(
      columnOf(lines.find((l) => l.includes("spam")) ?? "", "spam"),
    );
  });

  it("keeps times whole and cuts free text first", () => {
    const reports = view({
      table: {
        columns: [
          { key: "at", label: "When" },
          { key: "message", label: "Message" },
        ],
        rows: [{ at: { time: new Date("2026-11-21T09:00:00Z") }, message: "x".repeat(300) }],
        emptyText: "",
      },
    });
    const text = renderView(reports, { now: NOW, width: 80 });
    expect(text).toContain("2026-11-21 09:00 UTC (1 hour ago)");
    for (const line of text.trimEnd().split("\n"))
      expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it("shows the empty text instead of an empty table", () => {
    const empty = view({
      table: { columns: [{ key: "a", label: "A" }], rows: [], emptyText: "Nobody is banned." },
    });
    expect(renderView(empty, { now: NOW })).toBe("ℹ A view\n  Nobody is banned.\n");
  });
});

describe("times", () => {
  it("reads as the UTC minute and how far from now", () => {
    expect(formatTime(new Date("2026-11-24T10:00:00Z"), NOW)).toBe(
      "2026-11-24 10:00 UTC (in 3 days)",
    );
    expect(formatTime(new Date("2026-11-21T08:00:00Z"), NOW)).toBe(
      "2026-11-21 08:00 UTC (2 hours ago)",
    );
    expect(formatTime(new Date("2026-11-21T10:05:00Z"), NOW)).toBe(
      "2026-11-21 10:05 UTC (in 5 minutes)",
    );
    expect(formatTime(new Date("2036-11-21T10:00:00Z"), NOW)).toBe(
      "2036-11-21 10:00 UTC (in 10 years)",
    );
  });

  it("renders time values in fields from the injected now", () => {
    const ban = view({
      outcome: "success",
      title: "Banned gamer-42 for 3 days",
      fields: [{ label: "Until", value: { time: new Date("2026-11-24T10:00:00Z") } }],
    });
    expect(renderView(ban, { now: NOW })).toContain("  Until: 2026-11-24 10:00 UTC (in 3 days)\n");
  });
});

describe("hostile text", () => {
  const hostile = `hi\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eevil\r\nnext`;

  it("neutralises control characters in every part of a view", () => {
    const text = renderView(
      view({
        title: `Report by ${hostile}`,
        description: hostile,
        fields: [{ label: hostile, value: hostile }],
        table: { columns: [{ key: "m", label: "Message" }], rows: [{ m: hostile }], emptyText: "" },
        notices: [hostile],
        actions: [{ id: "cw:x", kind: "page", label: hostile, style: "secondary" }],
      }),
      { now: NOW },
    );
    expect(text).not.toContain(ESC);
    expect(text).not.toContain("\u0007");
    expect(text).not.toContain("\u009b");
    expect(text).not.toContain("\u202e");
    expect(text).not.toContain("\r");
    // Still visible, so a moderator sees that the message tried something.
    expect(text).toContain("hi␛[2J␛]0;pwned␇");
  });

  it("keeps a one-line rendering on one line", () => {
    const line = renderOneLine(
      view({ outcome: "error", title: "ban failed", description: hostile, notices: ["Case #3"] }),
    );
    for (const control of ["\n", "\r", ESC]) expect(line).not.toContain(control);
    expect(line).toMatch(/^ban failed: hi␛\[2J.* \(Case #3\)$/);
  });

  it("escapes what a terminal would obey in JSON, and the JSON still parses to the same text", () => {
    const json = renderJson(
      view({ outcome: "success", title: "Banned", data: { message: hostile } }),
    );
    for (const raw of [ESC, "\u0007", "\u009b", "\u202e"]) expect(json).not.toContain(raw);
    // The document's whole shape is held by test/cli/json-schema.test.ts.
    expect(JSON.parse(json)).toMatchObject({
      outcome: "success",
      title: "Banned",
      data: { message: hostile },
    });
  });
});

describe("colour", () => {
  const done = view({ outcome: "success", title: "Done" });

  it("is off when the stream is not a terminal, or NO_COLOR is set", () => {
    expect(shouldColour({ isTTY: false }, {})).toBe(false);
    expect(shouldColour({}, {})).toBe(false);
    expect(shouldColour({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(shouldColour({ isTTY: true }, {})).toBe(true);
    // no-color.org: an empty NO_COLOR does not count.
    expect(shouldColour({ isTTY: true }, { NO_COLOR: "" })).toBe(true);
  });

  it("writes plain text without colour and ANSI styles with it", () => {
    expect(renderView(done, { colour: false })).toBe("✔ Done\n");
    expect(renderView(done, { colour: true })).toContain(ESC);
  });
});

describe("layout", () => {
  it("marks the outcome and lists actions as numbered choices with the page", () => {
    const text = renderView(
      view({
        outcome: "confirm",
        title: "Please confirm",
        description: "Ban x for 400 days?",
        page: { number: 1, count: 3 },
        actions: [
          { id: "cw:a", kind: "confirm", label: "Confirm", style: "danger" },
          { id: "cw:b", kind: "cancel", label: "Cancel", style: "secondary" },
        ],
      }),
      { now: NOW },
    );
    expect(text).toBe(
      "? Please confirm\n  Ban x for 400 days?\n  page 1 of 3\n  [1] Confirm  [2] Cancel\n",
    );
  });

  it("puts a short answer on one line and multi-line field values under their label", () => {
    expect(
      renderView(
        view({ outcome: "error", title: "Invalid", description: "days must be 1 to 3650" }),
      ),
    ).toBe("✖ Invalid: days must be 1 to 3650\n");
    expect(
      renderView(
        view({
          outcome: "warning",
          title: "Hm",
          fields: [{ label: "Cases", value: "#1 ban\n#2 unban" }],
        }),
      ),
    ).toBe("⚠ Hm\n  Cases:\n    #1 ban\n    #2 unban\n");
  });

  it("leaves the actions out where nobody can choose", () => {
    const text = renderView(
      view({
        title: "Bans",
        actions: [{ id: "cw:n", kind: "page", label: "Next page", style: "secondary" }],
      }),
      { actions: false },
    );
    expect(text).toBe("ℹ Bans\n");
  });
});

describe("an image", () => {
  // The terminal shows the figures a chart draws as text; --json gives them as data.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const charted = view({
    title: "Moderation this week",
    description: "Reports: 42",
    data: { reports: 42 },
    image: { png, alt: "Chart: reports per day", filename: "stats.png" },
  });
  const plain = view({
    title: "Moderation this week",
    description: "Reports: 42",
    data: { reports: 42 },
  });

  it("is left out of the terminal's answer", () => {
    expect(renderView(charted, { now: NOW })).toBe(renderView(plain, { now: NOW }));
  });

  it("is left out of --json: no bytes, the numbers stay in data", () => {
    expect(renderJson(charted)).toBe(renderJson(plain));
    expect(JSON.parse(renderJson(charted)).data).toEqual({ reports: 42 });
  });
});

describe("--json in Korean", () => {
  it("carries the case as `case`, not also as the runner's Korean notice", async () => {
    await loadLocales(["ko"]);
    const korean = { locale: "ko", timeZone: "Asia/Seoul" } as const;
    const json = presenting(korean, () =>
      renderJson(
        view({
          outcome: "success",
          caseNumber: 7,
          notices: [t("runner.case", { number: 7 }), "다른 알림"],
        }),
      ),
    );
    expect(JSON.parse(json)).toMatchObject({ case: 7, notices: ["다른 알림"] });
  });
});
