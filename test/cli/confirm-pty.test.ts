// The one-shot CLI at a terminal asks before a confirmed action, and only a yes goes ahead.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { CLI, exitLine, TerminalSession } from "../adapters/console/terminal-session.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

let emulator: RunningEmulator;
const terminals: TerminalSession[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator();
  for (const name of ["server-2", "server-3"]) {
    emulator.state.createChannel({
      channel_group: "global",
      channel_name: name,
      max_count: 50,
      is_default: false,
    });
  }
});

afterAll(async () => {
  for (const terminal of terminals) terminal.close();
  await emulator.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function deleteAtTerminal(channel: string): Promise<TerminalSession> {
  // A data directory each: two processes creating the same new database at once is a race in
  // the store's migrations (reported), not what these tests are about.
  const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-confirm-"));
  dataDirs.push(dataDir);
  const terminal = new TerminalSession(
    [process.execPath, CLI, "channels", "delete", "global", channel],
    {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
      NO_COLOR: "1",
    },
  );
  terminals.push(terminal);
  return terminal;
}

const deleted = (channel: string) =>
  emulator.requests.some(
    (request) =>
      request.method === "DELETE" &&
      (request.body as { channel_name?: string } | undefined)?.channel_name === channel,
  );

describe.concurrent("chatwarden channels delete at a terminal", () => {
  it("deletes after a y", async () => {
    const terminal = await deleteAtTerminal("server-2");
    await terminal.waitForLastLine("Go ahead? [y/N]");
    expect(terminal.screen()).toContain("Delete channel server-2 of global");
    expect(deleted("server-2")).toBe(false);
    terminal.type("y");
    terminal.press("Enter");
    await terminal.waitForText(exitLine(0));
    expect(terminal.screen()).toContain("✔ Deleted channel server-2 of global");
    expect(deleted("server-2")).toBe(true);
  });

  it("does nothing after anything else, and says so", async () => {
    const terminal = await deleteAtTerminal("server-3");
    await terminal.waitForLastLine("Go ahead? [y/N]");
    terminal.press("Enter");
    await terminal.waitForText(exitLine(1));
    expect(terminal.screen()).toContain("chatwarden: cancelled: nothing was done");
    expect(deleted("server-3")).toBe(false);
  });
});

describe("chatwarden ban with a name two players share, at a terminal", () => {
  it("asks which one by number, and bans the one chosen", async () => {
    const demo = await startTestEmulator({ seed: "demo" });
    const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-choose-"));
    dataDirs.push(dataDir);
    try {
      const terminal = new TerminalSession([process.execPath, CLI, "ban", "ShadowFox", "1"], {
        CHAT_API_BASE_URL: demo.baseUrl,
        CHAT_API_TOKEN: TEST_TOKEN,
        DATA_DIR: dataDir,
        NO_COLOR: "1",
      });
      terminals.push(terminal);
      await terminal.waitForLastLine("Which one? [1-2, Enter: none]");
      expect(terminal.screen()).toContain("[1] ShadowFox (10003)  [2] ShadowFox (20017)");
      expect(demo.state.runningBan("20017")).toBeUndefined();
      terminal.type("2");
      terminal.press("Enter");
      await terminal.waitForText(exitLine(0));
      expect(terminal.screen()).toContain("✔ Banned ShadowFox (20017) for 1 day");
      expect(demo.state.runningBan("20017")).toBeDefined();
      expect(demo.state.runningBan("10003")).toBeUndefined();
    } finally {
      await demo.close();
    }
  });
});
