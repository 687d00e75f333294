// `chatwarden demo` at a real terminal, walked through as an operator would: one step after
// another in the same session.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLI, exitLine, TerminalSession, WAIT } from "./terminal-session.js";

const PROMPT = "chatwarden> ";
const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-demo-"));
let terminal: TerminalSession;

beforeAll(() => {
  terminal = new TerminalSession([process.execPath, CLI, "demo"], {
    DATA_DIR: dataDir,
    NO_COLOR: "1",
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
    expect(answer).toMatch(/(^|\n)(chatwarden|choose \d+-\d+ \(Enter to skip\))>$/);
  }, WAIT);
  return answer.split("\n").slice(0, -1).join("\n");
}

describe("chatwarden demo at a terminal", () => {
  it("prints the emulator's address, then the prompt", async () => {
    await terminal.waitForLastLine(PROMPT.trimEnd());
    const text = terminal.screen();
    expect(text).toMatch(/emulator with demo data at http:\/\/127\.0\.0\.1:\d+\/chat\/v1/);
    expect(text.indexOf("http://127.0.0.1:")).toBeLessThan(text.indexOf(PROMPT.trimEnd()));
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
    expect(answer).toMatch(/10004\s+3\s+.*UTC \(.* ago\)\s+.*UTC \(in \d+ days\)/);
  });

  let caseNumber = "";
  it("bans a player and says which case it became", async () => {
    const answer = await enter("ban 10001 3 --reason spam");
    expect(answer).toContain("✔ Banned 10001 for 3 days");
    expect(answer).toContain("Reason: spam");
    caseNumber = /Case #(\d+)/.exec(answer)?.[1] ?? "";
    expect(caseNumber).not.toBe("");
  });

  it("shows that case in the player's history", async () => {
    const answer = await enter("history 10001");
    expect(answer).toContain("History of 10001");
    expect(answer).toContain(`#${caseNumber} ban 3 by`);
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
    expect(question).toContain("Ban 10002 for 400 days?");
    expect(question).toContain("[1] Confirm  [2] Cancel");
    expect(terminal.lastLine()).toBe("choose 1-2 (Enter to skip)>");

    const answer = await enter("2");
    expect(answer).toContain("ℹ Cancelled: Nothing was done: ban was cancelled.");
    const bans = await enter("bans 10002");
    expect(bans).toContain("10002 is not banned.");
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

  it("ends the session with exit", async () => {
    terminal.type("exit");
    terminal.press("Enter");
    await terminal.waitForText(exitLine(0));
  });
});
