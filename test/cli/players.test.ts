// Players by name in one-shot commands: the built `chatwarden` against the emulator's demo data,
// where two players are called ShadowFox (10003, and 20017 who reports him for it). Issue 22
// found `chatwarden ban ShadowFox 1` answering "✔ Banned ShadowFox for 1 day" with exit 0 for
// an id that does not exist, and `history ShadowFox` saying "not banned, 0 reports" about a
// player with reports against him: a name was taken for an id.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { type CliRun, lines, runCli } from "./cli-process.js";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

/** The demo's emulator and a data directory no feed has filled: each test its own. */
async function demo(): Promise<{
  emulator: RunningEmulator;
  cli: (args: string[]) => Promise<CliRun>;
}> {
  const emulator = await startTestEmulator({ seed: "demo" });
  const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-players-"));
  cleanups.push(async () => {
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const cli = (args: string[]) =>
    runCli(args, {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
    });
  return { emulator, cli };
}

const bansSent = (emulator: RunningEmulator) =>
  emulator.requests.filter(
    (request) => request.method === "PUT" && request.path === "/block_user_chat",
  );

describe.concurrent("players by name, one command at a time", () => {
  it("a name two players share bans nobody and names both ids (issue 22)", async () => {
    const { emulator, cli } = await demo();
    const run = await cli(["ban", "ShadowFox", "1"]);
    expect(run.code).toBe(64);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      "chatwarden: ShadowFox matches 2 players: 10003, 20017; give the id (nothing was done)",
    ]);
    expect(bansSent(emulator)).toEqual([]);
    // --yes answers a confirmation, not which player is meant.
    const forced = await cli(["ban", "shadowfox", "1", "--yes"]);
    expect(forced.code).toBe(64);
    expect(forced.stderr).toContain("shadowfox matches 2 players: 10003, 20017");
    expect(bansSent(emulator)).toEqual([]);

    const history = await cli(["history", "ShadowFox"]);
    expect(history.code).toBe(64);
    expect(history.stderr).toContain("ShadowFox matches 2 players: 10003, 20017; give the id");
  });

  it("a name one player has is that player, and the answer says so", async () => {
    const { emulator, cli } = await demo();
    const run = await cli(["ban", "moonwalker", "1", "--json"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const document = JSON.parse(run.stdout) as {
      title: string;
      notices: string[];
      player: unknown;
    };
    expect(document.title).toBe("Banned MoonWalker (10008) for 1 day");
    expect(document.notices).toContain("moonwalker is 10008");
    expect(document.player).toEqual({
      typed: "moonwalker",
      gamer_id: "10008",
      name: "MoonWalker",
      matched_by: "name",
      last_seen_at: expect.any(String),
    });
    expect(bansSent(emulator).map((request) => request.body)).toEqual([
      { gamer_id: "10008", days: 1 },
    ]);
  });

  it("an id seen before is that player: its history shows the ban and the reports against it", async () => {
    const { emulator, cli } = await demo();
    expect((await cli(["ban", "10003", "1"])).code).toBe(0);
    const reportsAgainst = emulator.state
      .listReports()
      .filter((report) => report.to_gamer_id === "10003").length;
    expect(reportsAgainst).toBeGreaterThan(0);
    const history = await cli(["history", "10003", "--json"]);
    expect(history).toMatchObject({ code: 0, stderr: "" });
    const document = JSON.parse(history.stdout) as {
      title: string;
      player: { matched_by: string; name: string };
      data: { ban: unknown; reports_against: unknown[] };
    };
    expect(document.title).toBe("History of ShadowFox (10003)");
    expect(document.player).toMatchObject({ matched_by: "id", name: "ShadowFox" });
    expect(document.data.ban).not.toBeNull();
    expect(document.data.reports_against).toHaveLength(reportsAgainst);
  });

  it("an id never seen anywhere is asked about, and banned with --yes", async () => {
    const { emulator, cli } = await demo();
    const refused = await cli(["ban", "10003x", "1"]);
    expect(refused.code).toBe(64);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain("--yes");
    expect(bansSent(emulator)).toEqual([]);

    const confirmed = await cli(["ban", "10003x", "1", "--yes", "--json"]);
    expect(confirmed).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(confirmed.stdout)).toMatchObject({
      title: "Banned 10003x for 1 day",
      player: { gamer_id: "10003x", name: null, matched_by: "unseen", last_seen_at: null },
    });
    expect(bansSent(emulator).map((request) => request.body)).toEqual([
      { gamer_id: "10003x", days: 1 },
    ]);
  });

  it.each([
    [["ban", "   ", "1"], "gamer_id is required"],
    [["ban", "x".repeat(101), "1"], "or a player's name of at most 100 characters"],
  ])("refuses the name in %j before anything is read", async (args, message) => {
    const { emulator, cli } = await demo();
    const run = await cli(args);
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(emulator.requests).toEqual([]);
  });

  it("a name nobody has and that is no id is refused, and nothing is banned", async () => {
    const { emulator, cli } = await demo();
    const run = await cli(["ban", "Shadow Fox", "1"]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain(
      "No player named Shadow Fox has been seen in a report, a channel or a ban, and it is no gamer_id",
    );
    expect(bansSent(emulator)).toEqual([]);
  });
});
