// `chatwarden demo` at a real terminal, walked through as an operator would: one step after
// another in the same session. The feed polls every second here, so the start's backfill, the
// operator's own dismissal and the demo's generated reports show up as they happen.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../cli/cli-process.js";
import { startTestEmulator, TEST_TOKEN } from "../../helpers/emulator.js";
import { CLI, exitLine, TerminalSession, WAIT } from "./terminal-session.js";

const PROMPT = "chatwarden> ";
/** A line that starts with one of the console's prompts. */
const PROMPT_START = /^(chatwarden|choose \d+(-\d+)? \(Enter to skip\))>/;
/** REPORT_BACKFILL: how many of the seeded reports the first poll posts. */
const BACKFILL = 10;
/** DEMO_REPORT_EVERY_MS in app/demo.ts: how often the demo adds reports. */
const DEMO_REPORT_EVERY_MS = 20_000;
/** Long enough for the demo's next reports: its period, a poll, and room for a slow machine. */
const GENERATED_WAIT = { timeout: DEMO_REPORT_EVERY_MS + 15_000, interval: 200 };
const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-demo-"));
let terminal: TerminalSession;

beforeAll(() => {
  terminal = new TerminalSession([process.execPath, CLI, "demo"], {
    DATA_DIR: dataDir,
    NO_COLOR: "1",
    REPORT_POLL_CRON: "*/1 * * * * *",
    REPORT_BACKFILL: String(BACKFILL),
  });
});

afterAll(() => {
  terminal.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the terminal showed after the last time `line` was entered at a prompt. */
function afterEntering(line: string): string {
  const text = terminal.screen();
  const entered = `> ${line}\n`;
  const at = text.lastIndexOf(entered);
  return at < 0 ? "" : text.slice(at + entered.length);
}

/**
 * Types a command (or, with `typed` empty, presses Enter on what the line already holds), waits
 * until the answer is complete and a prompt is back, and returns the answer without the prompt.
 */
async function enter(typed: string, line = typed): Promise<string> {
  terminal.type(typed);
  terminal.press("Enter");
  let answer = "";
  await vi.waitFor(() => {
    // Trailing blanks are gone, so a waiting prompt ends in ">".
    answer = afterEntering(line);
    expect(answer).toMatch(/(^|\n)(chatwarden|choose \d+(-\d+)? \(Enter to skip\))>$/);
  }, WAIT);
  const lines = answer.split("\n").slice(0, -1);
  // No prompt inside an answer: news from the feed while a command runs waits for the next prompt
  // instead of redrawing one in the middle, where the command's output would land after it.
  expect(
    lines.filter((text) => PROMPT_START.test(text)),
    answer,
  ).toEqual([]);
  return lines.join("\n");
}

interface Announcement {
  /** Where its title line starts in the screen text. */
  at: number;
  change: "New" | "Updated";
  title: string;
  /** "Open: 3 reports waiting…": how many reports a new card holds. */
  reports: number;
  /** From "report N shows its actions": the first report on a new card. */
  firstReport: number | undefined;
}

/** The feed's cards the console has printed so far, in order. */
function announcements(): Announcement[] {
  const text = terminal.screen();
  const found: Announcement[] = [];
  for (const match of text.matchAll(/^[⚠✔] (New|Updated): (.*)$/gmu)) {
    const rest = text.slice((match.index ?? 0) + match[0].length);
    const next = rest.search(/^\S/m);
    const body = next < 0 ? rest : rest.slice(0, next);
    found.push({
      at: match.index ?? 0,
      change: match[1] === "New" ? "New" : "Updated",
      title: match[2] ?? "",
      reports: Number(/^ {2}Open: (\d+) reports? waiting/m.exec(body)?.[1] ?? 0),
      firstReport: Number(/^ {2}report (\d+) shows its actions$/m.exec(body)?.[1]) || undefined,
    });
  }
  return found;
}

// One console session, told in order: a test reads what the ones before it typed (issue 12
// item 8 prefers tests that stand alone; until this session is split, its order is kept even
// when vitest shuffles).
describe("chatwarden demo at a terminal", { shuffle: false }, () => {
  it("prints the emulator's address, then the prompt", async () => {
    await terminal.waitForLastLine(PROMPT.trimEnd());
    const text = terminal.screen();
    expect(text).toMatch(/emulator with demo data at http:\/\/127\.0\.0\.1:\d+\/chat\/v1/);
    // Compared with the console's first line: the prompt itself is redrawn as cards arrive.
    const welcome = text.indexOf("chatwarden console:");
    expect(text.indexOf("http://127.0.0.1:")).toBeLessThan(welcome);
    expect(text.indexOf(`demo data: ${join(dataDir, "demo")}`)).toBeLessThan(welcome);
    expect(text.indexOf(`demo data: ${join(dataDir, "demo")}`)).toBeGreaterThan(-1);
  });

  /** The highest report id on the start's cards: what the demo generates comes after it. */
  let lastBackfilled = 0;
  it("prints the newest reports on start, each as a card above the prompt", async () => {
    let cards: Announcement[] = [];
    await vi.waitFor(() => {
      cards = announcements();
      const shown = cards.reduce((sum, card) => sum + card.reports, 0);
      expect(shown, terminal.screen()).toBe(BACKFILL);
      expect(terminal.lastLine()).toBe(PROMPT.trimEnd());
    }, WAIT);
    expect(cards.every((card) => card.change === "New")).toBe(true);
    // Each says how to act on it, since the terminal has no buttons.
    expect(cards.every((card) => card.firstReport !== undefined)).toBe(true);
    lastBackfilled = Math.max(...cards.map((card) => card.firstReport ?? 0));
    const welcome = terminal.screen().indexOf("chatwarden console: type help");
    expect(cards[0]?.at).toBeGreaterThan(welcome);
    // Seeded hostile names show as the text they are, not as markup or mentions.
    expect(terminal.screen()).toContain("<!channel> & <b>co</b>");
  });

  it("lists the commands with help", async () => {
    const answer = await enter("help");
    expect(answer).toContain("ℹ chatwarden commands");
    expect(answer).toContain("ban <gamer_id> <days> [--reason R]");
    expect(answer).toContain("channels delete <group> <name>");
  });

  it("shows the bans as a table, with the slash as in chat", async () => {
    const answer = await enter("/bans");
    expect(answer).toMatch(/Player\s+Bans\s+Since\s+Until/);
    // A seeded repeat offender, with the end of the ban in words.
    expect(answer).toMatch(/\(10004\)\s+3\s+.*UTC \(.* ago\)\s+.*UTC \(in \d+ days\)/);
  });

  let caseNumber = "";
  it("bans a player and says which case it became", async () => {
    const answer = await enter("ban 10001 3 --reason spam");
    // The demo's players have names: the answer shows Name (id).
    expect(answer).toContain("✔ Banned 김민수 (10001) for 3 days");
    expect(answer).toContain("Reason: spam");
    caseNumber = /Case #(\d+)/.exec(answer)?.[1] ?? "";
    expect(caseNumber).not.toBe("");
  });

  it("shows that case in the player's history", async () => {
    const answer = await enter("history 10001");
    expect(answer).toContain("History of 김민수 (10001)");
    expect(answer).toMatch(new RegExp(`#${caseNumber} ban 3( days)? by`));
    expect(answer).toContain("(console)");
    expect(answer).toContain(": spam");
  });

  it("answers a bad argument with one line", async () => {
    const answer = await enter("ban 10001 0");
    expect(answer.split("\n")).toEqual([
      expect.stringMatching(/^✖ Invalid arguments for ban: days must be a whole number/),
    ]);
  });

  it("asks before a long ban, and a cancel does nothing", async () => {
    const question = await enter("ban 10002 400");
    expect(question).toContain("? Please confirm");
    expect(question).toContain("Ban 달빛기사 (10002) for 400 days?");
    expect(question).toContain("[1] Confirm  [2] Cancel");
    expect(terminal.lastLine()).toBe("choose 1-2 (Enter to skip)>");

    const answer = await enter("2");
    expect(answer).toContain("ℹ Cancelled");
    const bans = await enter("bans 10002");
    expect(bans).toContain("달빛기사 (10002) is not banned.");
  });

  it("completes command names with Tab, then runs the completed command", async () => {
    terminal.type("chan");
    terminal.press("Tab");
    await terminal.waitForLastLine(`${PROMPT}channels`);
    terminal.type("l");
    terminal.press("Tab");
    await terminal.waitForLastLine(`${PROMPT}channels list`);
    const answer = await enter("", "channels list");
    expect(answer).toContain("Channel groups: 3");
    expect(answer).toMatch(/Group\s+Channels\s+Players/);
  });

  it("completes a player with Tab: the one that fits as their id, two ShadowFoxes listed to choose from", async () => {
    // The demo's second ShadowFox reported the first: the feed knows both by name.
    terminal.type("history 2001");
    terminal.press("Tab");
    await terminal.waitForLastLine(`${PROMPT}history 20017`);
    expect(await enter("", "history 20017")).toContain("History of ShadowFox (20017)");
    // Past the history's Ban… choice.
    terminal.press("Enter");
    await terminal.waitForLastLine(PROMPT.trimEnd());

    terminal.type("history shadowf");
    terminal.press("Tab");
    await terminal.waitForText("ShadowFox (10003)  ShadowFox (20017)");
    await terminal.waitForLastLine(`${PROMPT}history shadowf`);
    const question = await enter("ox", "history shadowfox");
    expect(question).toContain("Which shadowfox?");
    expect(question).toContain("[1] ShadowFox (10003)  [2] ShadowFox (20017)  [3] Cancel");
    expect(await enter("2")).toContain("History of ShadowFox (20017)");
    terminal.press("Enter");
    await terminal.waitForLastLine(PROMPT.trimEnd());
  });

  let dismissed = 0;
  it("shows a report's card with numbered choices, and Dismiss settles it", async () => {
    // A card still open: the ban above settled the card of the player it banned.
    const shown = announcements();
    // An update is one line: the card's title, a colon, what happened to it.
    const updates = shown.filter((card) => card.change === "Updated").map((card) => card.title);
    const open = shown.filter(
      (card) =>
        card.change === "New" && !updates.some((update) => update.startsWith(`${card.title}:`)),
    );
    dismissed = open.at(-1)?.firstReport ?? 0;
    expect(dismissed, terminal.screen()).toBeGreaterThan(0);
    const card = await enter(`report ${dismissed}`);
    expect(card).toMatch(new RegExp(`^⚠ (Report #${dismissed}|\\d+ reports) against `));
    expect(card).toContain("Open: ");
    // The ladder's step for this player, then the form, Dismiss, History and Filter….
    expect(card).toMatch(
      /\[1\] Ban \d+d · \d+(st|nd|rd|th) offence {2}\[2\] Ban… {2}\[3\] Dismiss {2}\[4\] History {2}\[5\] Filter… {2}\[6\] Take/,
    );
    // A card of several reports numbers each after them, under "Dismiss one report…".
    const grouped = /^⚠ (\d+) reports against /.exec(card)?.[1];
    if (grouped) expect(card).toContain("Dismiss one report…");
    const choices = 6 + (grouped ? Math.min(Number(grouped), 10) : 0);
    expect(terminal.lastLine()).toBe(`choose 1-${choices} (Enter to skip)>`);

    terminal.type("3");
    terminal.press("Enter");
    const isUpdate = (line: string) =>
      /^✔ Updated: .* Dismissed by operator \(console\)/.test(line);
    let lines: string[] = [];
    // Waits for the card's own news: another card's news may come first (the demo adds reports).
    await vi.waitFor(() => {
      lines = afterEntering("3").split("\n");
      expect(lines.some(isUpdate), terminal.screen()).toBe(true);
      expect(lines.at(-1), terminal.screen()).toBe(PROMPT.trimEnd());
    }, WAIT);
    // The answer on a line of its own, then the feed's news of the card, then the prompt.
    const answer = lines.findIndex((line) => line.startsWith(`✔ Dismissed report #${dismissed}`));
    const update = lines.findIndex(isUpdate);
    expect(answer, lines.join("\n")).toBeGreaterThanOrEqual(0);
    expect(update, lines.join("\n")).toBeGreaterThan(answer);
    expect(
      lines.slice(0, -1).filter((line) => PROMPT_START.test(line)),
      lines.join("\n"),
    ).toEqual([]);
  });

  it("shows the dismissed card settled, with only History left", async () => {
    const card = await enter(`report ${dismissed}`);
    expect(card).toContain("Dismissed by operator (console)");
    expect(card).toContain("[1] History");
    expect(card).not.toContain("] Dismiss");
    terminal.press("Enter");
    await terminal.waitForLastLine(PROMPT.trimEnd());
  });

  it("puts Ban…'s command in the input line, and the days typed after it run it", async () => {
    // Issue 20 item 13: the console printed `type: ban 10001 <days> …` to be typed again.
    const shown = announcements();
    const updates = shown.filter((card) => card.change === "Updated").map((card) => card.title);
    const open = shown.filter(
      (card) =>
        card.change === "New" &&
        card.firstReport !== dismissed &&
        !updates.some((update) => update.startsWith(`${card.title}:`)),
    );
    // A player not banned already: a running ban would make the ban ask first.
    let first = 0;
    let player = "";
    for (const candidate of open) {
      const id = /\(([^()]+)\)$/.exec(candidate.title)?.[1] ?? "";
      if ((await enter(`bans ${id}`)).includes(`(${id}) is not banned.`)) {
        first = candidate.firstReport ?? 0;
        player = id;
        break;
      }
    }
    expect(first, terminal.screen()).toBeGreaterThan(0);
    const card = await enter(`report ${first}`);
    expect(card).toContain(`(${player})`);
    expect(card).toContain("[2] Ban…");

    terminal.type("2");
    terminal.press("Enter");
    const draft = `${PROMPT}ban ${player} --reason "report #${first}"`;
    await terminal.waitForLastLine(draft);
    expect(afterEntering("2")).not.toContain("type: ban");

    const answer = await enter("2", `ban ${player} --reason "report #${first}" 2`);
    expect(answer).toContain(`(${player}) for 2 days`);
    expect(answer).toContain(`Reason: report #${first}`);
    // The card's news comes before the next step counts what arrives.
    await terminal.waitForText(": Banned for 2 days by operator (console)");
  });

  it(
    "prints a report that arrives mid-typing above the prompt, and keeps what was typed",
    async () => {
      const before = announcements().length;
      terminal.type("history 1000");
      await terminal.waitForLastLine(`${PROMPT}history 1000`);
      await vi.waitFor(() => {
        expect(announcements().length).toBeGreaterThan(before);
        expect(terminal.lastLine()).toBe(`${PROMPT}history 1000`);
      }, GENERATED_WAIT);
      const generated = announcements().filter((card) => (card.firstReport ?? 0) > lastBackfilled);
      expect(generated.length).toBeGreaterThan(0);
      // The demo's first generated reports are a flood: several players reporting one at once.
      expect(generated[0]?.change).toBe("New");
      expect(generated[0]?.reports).toBeGreaterThanOrEqual(3);

      // The line was never lost: one more key completes it, and Enter runs it.
      const history = await enter("1", "history 10001");
      expect(history).toContain("History of 김민수 (10001)");
    },
    GENERATED_WAIT.timeout + 10_000,
  );

  it("ends the session with exit", async () => {
    terminal.type("exit");
    terminal.press("Enter");
    await terminal.waitForText(exitLine(0));
  });

  it("kept its cases in DATA_DIR/demo, apart from a real chat API's", async () => {
    expect(existsSync(join(dataDir, "demo", "chatwarden.sqlite"))).toBe(true);
    expect(existsSync(join(dataDir, "chatwarden.sqlite"))).toBe(false);
    // Against a real chat API with the same DATA_DIR, the player the demo banned has no case.
    const emulator = await startTestEmulator();
    try {
      const run = await runCli(["history", "10001"], {
        CHAT_API_BASE_URL: emulator.baseUrl,
        CHAT_API_TOKEN: TEST_TOKEN,
        DATA_DIR: dataDir,
      });
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain("History of 10001");
      expect(run.stdout).not.toContain("spam");
    } finally {
      await emulator.close();
    }
  });
});
