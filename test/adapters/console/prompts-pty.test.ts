// The console's questions at a real terminal (`chatwarden demo` in tmux): y and n answer a
// confirmation, Enter skips, Ctrl-C cancels the question and not the console, a single choice
// reads `choose 1`. Debug logging is on, as a busy bot's logging would be: while the console is
// open the log goes to a file in the demo's folder, and never into the line being typed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLI, exitLine, TerminalSession, WAIT } from "./terminal-session.js";

const PROMPT = "chatwarden>";
const ANY_PROMPT = /(^|\n)(chatwarden|choose \d+(-\d+)? \(Enter to skip\))>$/;
const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-prompts-"));
const logFile = join(dataDir, "demo", "chatwarden.log");
let terminal: TerminalSession;

const openDemo = (folder: string) =>
  new TerminalSession([process.execPath, CLI, "demo"], {
    DATA_DIR: folder,
    NO_COLOR: "1",
    LOG_LEVEL: "debug",
    REPORT_POLL_CRON: "*/1 * * * * *",
    REPORT_BACKFILL: "0",
  });

// One console for the questions, each test starting at its prompt; the test that leaves the
// console opens one of its own.
beforeAll(async () => {
  terminal = openDemo(dataDir);
  await terminal.waitForLastLine(PROMPT);
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

/** Types a line, presses Enter, and returns the answer once a prompt is back (without it). */
async function enter(typed: string): Promise<string> {
  terminal.type(typed);
  terminal.press("Enter");
  let answer = "";
  await vi.waitFor(() => {
    answer = afterEntering(typed);
    expect(answer, terminal.screen()).toMatch(ANY_PROMPT);
  }, WAIT);
  return answer.replace(ANY_PROMPT, "");
}

describe("the console's questions at a terminal", () => {
  it("writes the log to the demo's folder, never onto the screen", async () => {
    await terminal.waitForLastLine(PROMPT);
    expect(terminal.screen()).toContain(`demo data: ${join(dataDir, "demo")}`);
    // Every poll (each second) logs its chat API call at debug level.
    await vi.waitFor(() => {
      expect(existsSync(logFile)).toBe(true);
      expect(readFileSync(logFile, "utf8")).toContain('"msg":"chat API call"');
    }, WAIT);
    expect(terminal.screen()).not.toContain('"level"');
    expect(terminal.lastLine()).toBe(PROMPT);
  });

  it("confirms with y", async () => {
    const question = await enter("ban 10002 400");
    expect(question).toContain("[1] Confirm  [2] Cancel");
    expect(terminal.lastLine()).toBe("choose 1-2 (Enter to skip)>");
    const answer = await enter("y");
    expect(answer).toContain("✔ Banned 달빛기사 (10002) for 400 days");
    expect(answer).not.toContain("Unknown command");
    expect(terminal.lastLine()).toBe(PROMPT);
  });

  it("cancels with no", async () => {
    await enter("ban 10003 400");
    const answer = await enter("no");
    expect(answer).toContain("Cancelled");
    expect(await enter("bans 10003")).toContain("ShadowFox (10003) is not banned.");
  });

  it("says skipped on Enter", async () => {
    await enter("ban 10003 400");
    terminal.press("Enter");
    await terminal.waitForLastLine(PROMPT);
    expect(afterEntering("ban 10003 400")).toContain("skipped: nothing was done");
  });

  it("cancels the question with Ctrl-C, and the console goes on", async () => {
    await enter("ban 10003 400");
    terminal.type("1");
    terminal.press("C-c");
    await terminal.waitForLastLine(PROMPT);
    expect(afterEntering("ban 10003 400")).toContain("cancelled: nothing was done");
    expect(await enter("bans 10003")).toContain("ShadowFox (10003) is not banned.");
  });

  it("reads choose 1 for a single choice", async () => {
    const list = await enter("reports");
    expect(list).toContain("[1] Next page");
    expect(terminal.lastLine()).toBe("choose 1 (Enter to skip)>");
    const next = await enter("1");
    expect(next).toMatch(/page 2 of \d+/);
    terminal.press("C-c");
    await terminal.waitForLastLine(PROMPT);
  });

  it("turns to a page with --page, and says how many there are past the last", async () => {
    expect(await enter("reports --page 2")).toMatch(/page 2 of \d+/);
    terminal.press("Enter");
    await terminal.waitForLastLine(PROMPT);
    expect(await enter("reports --page 99")).toMatch(/there are \d+ pages/i);
  });

  it("clears a typed line with Ctrl-C, and leaves with Ctrl-C on an empty line", async () => {
    const folder = mkdtempSync(join(tmpdir(), "chatwarden-prompts-leave-"));
    const own = openDemo(folder);
    try {
      await own.waitForLastLine(PROMPT);
      own.type("bans 100");
      await own.waitForLastLine(`${PROMPT} bans 100`);
      own.press("C-c");
      await own.waitForLastLine(PROMPT);
      own.press("C-c");
      await own.waitForText(exitLine(0));
      expect(own.screen()).not.toContain('"level"');
    } finally {
      own.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
