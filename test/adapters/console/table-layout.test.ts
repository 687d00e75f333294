// Tables fitted to the terminal: at 80, 120, 160 and 250 columns every line fits, headers and ids
// are whole, the relative part of a time gives way before a name is cut, and columns of free text
// are left out (and named) before anything that identifies a row is lost. Off a terminal, nothing
// is cut.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth, loadWideTextWidths } from "../../../adapters/console/display-width.js";
import { DEFAULT_WIDTH, renderView, tableWidth } from "../../../adapters/console/render.js";
import type { Report } from "../../../src/chat-api/schemas.js";
import { reportColumns, reportRow } from "../../../src/moderation/report-rows.js";
import type { View } from "../../../src/view/view.js";
import { admin, type Harness, startHarness } from "../../helpers/core.js";
import { segmentedDuring } from "./segmented-text.js";

// The product renders through withTextWidths, which loads string-width when a text needs it;
// these tests call the renderers directly, on text that does.
await loadWideTextWidths();

const NOW = new Date("2026-11-21T10:00:00Z");
const WIDTHS = [80, 120, 160, 250];
const LONG_NAME = "A_Really_Long_Player_Name_That_Goes_On_And_On_And_On_Until_It_Hurts";

function report(
  id: number,
  minutesAgo: number,
  to: [string, string],
  from: [string, string],
  what: { keyword: string; reason: string; message: string },
): Report {
  const at = new Date(NOW.getTime() - minutesAgo * 60_000);
  const stamp = at.toISOString().slice(0, 19).replace("T", " ");
  return {
    report_id: id,
    to_gamer_id: to[1],
    to_gamer_name: to[0],
    from_gamer_id: from[1],
    from_gamer_name: from[0],
    ...what,
    status: 1,
    value: 0,
    create_at: stamp,
    update_at: stamp,
  };
}

const REPORTS = [
  report(40, 23, ["NightOwl", "10014"], [LONG_NAME, "10020"], {
    keyword: "INAPPROPRIATE",
    reason: "부적절한 닉네임",
    message: "ㅗㅗㅗㅗ",
  }),
  report(39, 46, ["하늘바라기", "10007"], ["김민수", "10001"], {
    keyword: "SPAM",
    reason: "같은 말 반복",
    message: "싸게 골드 팝니다!! www.gold-cheap.example 카톡 gold77",
  }),
  report(38, 69, ["달빛기사달빛기사", "gamer-42"], ["ShadowFox", "10003"], {
    keyword: "HARASSMENT",
    reason: "Follows me into every channel and insults me",
    message: "접어라 진짜 못한다 너 같은 건 게임하지 마 👎",
  }),
];

const reports: View = {
  outcome: "info",
  title: "Reports: 3 reports",
  table: {
    columns: reportColumns(),
    rows: REPORTS.map((r) => reportRow(r, "UTC")),
    emptyText: "No reports.",
  },
  visibility: "private",
};

/** The table's lines: the header, the rule, one per row, then anything after. */
function tableLines(text: string) {
  const lines = text.trimEnd().split("\n");
  const header = lines.findIndex((line) => line.includes("When"));
  return {
    all: lines,
    header: lines[header] ?? "",
    rows: lines.slice(header + 2, header + 2 + REPORTS.length),
    after: lines.slice(header + 2 + REPORTS.length),
  };
}

describe.each(WIDTHS)("a reports table at %i columns", (width) => {
  const text = renderView(reports, { now: NOW, width });
  const { all, header, rows, after } = tableLines(text);

  it("fits every line in the terminal", () => {
    for (const line of all) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  });

  it("shows every report id and every gamer id whole", () => {
    const ids = [
      ["40", "(10014)", "(10020)"],
      ["39", "(10007)", "(10001)"],
      ["38", "(gamer-42)", "(10003)"],
    ];
    for (const [index, [reportId, ...gamerIds]] of ids.entries()) {
      const row = rows[index] ?? "";
      expect(row.trimStart().startsWith(`${reportId} `), row).toBe(true);
      for (const gamerId of gamerIds) expect(row, row).toContain(gamerId);
    }
  });

  it("shows every header whole, and never a blank one", () => {
    const shown = header.trim().split(/ {2,}/);
    for (const label of shown) {
      expect(
        reportColumns().map((c) => c.label),
        label,
      ).toContain(label);
    }
    expect(shown.slice(0, 4)).toEqual(["#", "When", "Reported", "By"]);
  });

  it("keeps the minute of every time, and drops the relative part before cutting a usual name", () => {
    expect(rows[0]).toContain("2026-11-21 09:37 UTC");
    if (rows.some((row) => row.includes("minutes ago)"))) {
      const usualNames = ["NightOwl (10014)", "하늘바라기 (10007)", "김민수 (10001)"];
      for (const name of [...usualNames, "달빛기사달빛기사 (gamer-42)", "ShadowFox (10003)"]) {
        expect(rows.join("\n")).toContain(name);
      }
    }
  });

  it("names the columns it leaves out", () => {
    const shown = header.trim().split(/ {2,}/);
    const missing = reportColumns()
      .map((c) => c.label)
      .filter((label) => !shown.includes(label));
    if (missing.length === 0) {
      expect(after).toEqual([]);
    } else {
      expect(after.join("\n")).toContain(missing.join(", "));
    }
  });
});

describe("the reports table at each width", () => {
  const render = (width: number) => tableLines(renderView(reports, { now: NOW, width }));

  it("at 250 shows everything but the longest name whole, relative times included", () => {
    const { rows } = render(250);
    expect(rows[0]).toContain("2026-11-21 09:37 UTC (23 minutes ago)");
    expect(rows[1]).toContain("하늘바라기 (10007)");
    expect(rows[1]).toContain("싸게 골드 팝니다!! www.gold-cheap.example 카톡 gold77");
    expect(rows[2]).toContain("Follows me into every channel and insults me");
    expect(rows[0]).toMatch(/A_Really_Long_Player_Name\S*… \(10020\)/);
  });

  it("at 160 keeps Korean names and their ids whole", () => {
    const { rows } = render(160);
    expect(rows[1]).toContain("하늘바라기 (10007)");
    expect(rows[1]).toContain("김민수 (10001)");
    expect(rows[2]).toContain("달빛기사달빛기사 (gamer-42)");
    expect(rows[0]).toContain("NightOwl (10014)");
  });

  it("at 120 drops the relative times before cutting a name", () => {
    const { rows } = render(120);
    expect(rows.join("\n")).not.toContain("ago)");
    expect(rows[1]).toContain("하늘바라기 (10007)");
    expect(rows[1]).toContain("김민수 (10001)");
    expect(rows[0]).toContain("NightOwl (10014)");
  });

  it("at 80 keeps who reported whom, and leaves out free text rather than cut names further", () => {
    const { header, rows, after } = render(80);
    expect(rows.join("\n")).not.toContain("ago)");
    expect(header.trim().split(/ {2,}/)).toEqual(["#", "When", "Reported", "By"]);
    expect(rows[0]).toContain("NightOwl (10014)");
    expect(rows[1]).toContain("하늘바라기 (10007)");
    expect(rows[1]).toContain("김민수 (10001)");
    expect(after).toEqual(["  Left out to fit 80 columns: Category, Reason, Message."]);
  });
});

describe("off a terminal", () => {
  it("prints every value whole, however long", () => {
    const text = renderView(reports, { now: NOW });
    expect(text).toContain(`${LONG_NAME} (10020)`);
    expect(text).toContain("2026-11-21 09:37 UTC (23 minutes ago)");
    expect(text).toContain("Follows me into every channel and insults me");
    expect(text).not.toContain("…");
  });

  it("takes the terminal's width at a terminal and none elsewhere", () => {
    expect(tableWidth({ isTTY: true, columns: 250 })).toBe(250);
    expect(tableWidth({ isTTY: true, columns: 80 })).toBe(80);
    expect(tableWidth({ isTTY: false, columns: 250 })).toBeUndefined();
    expect(tableWidth({})).toBeUndefined();
    expect(tableWidth({ isTTY: true })).toBe(DEFAULT_WIDTH);
  });
});

describe("tables from the catalogue", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ emulator: { now: () => NOW } });
  });
  afterAll(() => h.close());

  it("shows help's descriptions whole at 160 columns", async () => {
    const help = await h.run("help", {}, admin);
    const text = renderView(help, { now: NOW, width: 160 });
    expect(text).not.toContain("…");
    for (const row of help.table?.rows ?? []) expect(text).toContain(String(row.summary));
  });

  it("shows help's commands whole at 80 columns, cutting descriptions instead", async () => {
    const help = await h.run("help", {}, admin);
    const text = renderView(help, { now: NOW, width: 80 });
    for (const line of text.trimEnd().split("\n")) {
      expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    }
    expect(text).toContain("ban <gamer_id> <days> [--reason R]");
  });

  // The render once took a minute: every cell was measured whole, then cut, and a long text handed
  // to V8's grapheme segmenter whole costs the square of its length. What the segmenter is handed
  // is checked instead of a clock; bench/badwords-render.ts measures the time as lists grow.
  it("renders 10 word lists of 5,000 words each, at a terminal and off one, never segmenting a list whole", async () => {
    // `all` and nine languages: the ten lists of one page.
    for (let language = 0; language < 10; language++) {
      const words = Array.from({ length: 5_000 }, (_, i) =>
        i % 2 === 0 ? `욕설${language}-${i}` : `badword${language}-${i}`,
      );
      h.emulator.state.putBadWords(language === 0 ? "all" : `l${language}-xx`, words, "replace");
    }
    const view = await h.run("badwords list", {}, admin);
    expect(view.table?.rows.map((row) => row.count)).toEqual(Array(10).fill(5_000));
    for (const width of [80, 250, undefined]) {
      const { result: text, segmented } = segmentedDuring(() =>
        renderView(view, { now: NOW, width }),
      );
      // A list is about 70,000 code units; the segmenter is handed windows of a few hundred.
      expect(segmented.longest, `at ${width ?? "no"} width`).toBeLessThan(1_000);
      if (width !== undefined) {
        for (const line of text.trimEnd().split("\n")) {
          expect(displayWidth(line)).toBeLessThanOrEqual(width);
        }
        // At a terminal, only what fits a line is read: a few windows of each list, not the
        // 700,000 code units of all ten.
        expect(segmented.total, `at ${width} width`).toBeLessThan(10 * 2_000);
      } else {
        expect(text).toContain("badword9-4999");
      }
    }
  });
});
