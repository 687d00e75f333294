// The one-shot CLI as scripts and operators run it: the built `chatwarden` process, against the
// real emulator over HTTP, with its own data directory. Each test has its own emulator and
// directory, so they run side by side.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { silentLogger } from "../../src/log.js";
import { createTestCore } from "../helpers/core.js";
import { openChannel, seatPlayers, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { startAdapterFeed } from "../helpers/feed.js";

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const CLI = join(REPO_ROOT, "dist/cli.js");
const TIMEOUT_MS = 10_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Setup {
  emulator: RunningEmulator;
  dataDir: string;
  cli(args: string[], env?: Record<string, string>): Promise<Run>;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

/** Players in a channel (seatPlayers): the bot finds them there, and acts on them without asking. */
const PLAYERS = ["gamer-42", "ux-q", "ux-w"];

/** A fresh emulator and data directory, and a way to run `chatwarden` against them. */
async function setUp(): Promise<Setup> {
  const emulator = await startTestEmulator();
  seatPlayers(emulator.state, ...PLAYERS);
  const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-cli-"));
  cleanups.push(async () => {
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
      ...env,
    });
  return { emulator, dataDir, cli };
}

/** Runs in a directory of its own, so no developer's .env is read. */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  const {
    CHAT_API_BASE_URL: _url,
    CHAT_API_TOKEN: _token,
    NO_COLOR: _noColour,
    ...inherited
  } = process.env;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: env.DATA_DIR ?? tmpdir(), env: { ...inherited, ...env }, timeout: TIMEOUT_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Two reports against `target` in `keyword`'s category, read by a serve process's feed on the
 * same DATA_DIR (here, in this process) after its first poll, so each is on a card.
 */
async function reportedTwice(
  emulator: RunningEmulator,
  dataDir: string,
  target: string,
  keyword: string,
): Promise<void> {
  const core = await createTestCore(emulator.baseUrl, dataDir);
  const feed = startAdapterFeed(core, [], silentLogger);
  await feed.pollNow();
  for (const reporter of ["r-1", "r-2"]) {
    emulator.state.injectReport({ to_gamer_id: target, from_gamer_id: reporter, keyword });
  }
  await feed.pollNow();
  await feed.stop();
  await core.close();
}

const lines = (text: string) => text.split("\n").filter((line) => line !== "");

describe.concurrent("chatwarden <command>", () => {
  it("bans, and a later --json listing shows the ban as data", async () => {
    const { cli } = await setUp();
    const ban = await cli(["ban", "gamer-42", "3", "--reason", "spam"]);
    expect(ban).toMatchObject({ code: 0, stderr: "" });
    expect(ban.stdout).toContain("Banned gamer-42 for 3 days");
    expect(ban.stdout).toMatch(/Case #\d+/);
    // Not a terminal: no colour codes for whoever reads the pipe.
    expect(ban.stdout).not.toContain("\u001b");

    const bans = await cli(["bans", "--json"]);
    expect(bans).toMatchObject({ code: 0, stderr: "" });
    const document = JSON.parse(bans.stdout) as {
      outcome: string;
      data: Array<{ gamer_id: string; count: number }>;
    };
    expect(document.outcome).toBe("info");
    expect(document.data).toEqual([expect.objectContaining({ gamer_id: "gamer-42", count: 1 })]);
  });

  it.each([
    [["ban", "gamer-42", "0"], "days must be a whole number"],
    [["ban", "x".repeat(101), "3"], "or a player's name of at most 100 characters"],
  ])("refuses %j in one line and sends nothing", async (args, message) => {
    const { cli, emulator } = await setUp();
    const run = await cli(args);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(emulator.requests).toEqual([]);
  });

  it("names an unknown command in one line", async () => {
    const { cli, emulator } = await setUp();
    const run = await cli(["frobnicate", "now"]);
    expect(run.code).not.toBe(0);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain('Unknown command "frobnicate"');
    expect(emulator.requests).toEqual([]);
  });

  it("lists chatwarden's own commands beside the chat commands for an unknown one", async () => {
    const { cli } = await setUp();
    const run = await cli(["bogus"]);
    expect(run.code).toBe(64);
    expect(run.stderr).toBe(
      'chatwarden: Unknown command "bogus". Commands: serve, demo, emulator, doctor, backup, cases, manifest; chat commands: announce, badwords, ban, bans, channels, dismiss, filter, help, history, report, reports, stats, take, unban.\n',
    );
  });

  it.each([
    [["bnas"], 'Unknown command "bnas" (did you mean bans?).'],
    [["srve"], 'Unknown command "srve" (did you mean serve?).'],
    [
      ["channels", "crate", "kr", "x", "5"],
      'channels has no subcommand "crate" (did you mean create?);',
    ],
  ])("offers the near miss for %j", async (args, offer) => {
    const { cli, emulator } = await setUp();
    const run = await cli(args);
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain(offer);
    expect(emulator.requests).toEqual([]);
  });

  it("reports a chat API failure in one line with the API's own message", async () => {
    const { cli, emulator } = await setUp();
    emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: { status: 500, body: '{"message":"boom","code":500,"error":true}' },
    });
    const run = await cli(["ban", "gamer-42", "3"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain("boom");
    expect(run.stderr).not.toContain(TEST_TOKEN);
  });

  it("asks for --yes before a confirmed action when there is no terminal, and goes ahead with it", async () => {
    const { cli, emulator } = await setUp();
    emulator.state.createChannel({
      channel_group: "global",
      channel_name: "server-2",
      max_count: 50,
      is_default: false,
    });
    const deletes = () => emulator.requests.filter((request) => request.method === "DELETE");

    const refused = await cli(["channels", "delete", "global", "server-2"]);
    expect(refused.code).not.toBe(0);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain("--yes");
    expect(deletes()).toEqual([]);

    const confirmed = await cli(["channels", "delete", "global", "server-2", "--yes"]);
    expect(confirmed).toMatchObject({ code: 0, stderr: "" });
    expect(confirmed.stdout).toContain("Deleted channel server-2 of global");
    expect(deletes()).toEqual([
      expect.objectContaining({
        path: "/open_channels",
        body: { channel_group: "global", channel_name: "server-2" },
      }),
    ]);
  });

  it("a re-ban that would end a running ban sooner needs --yes, and says what it replaced", async () => {
    const { cli, emulator } = await setUp();
    expect((await cli(["ban", "gamer-42", "14"])).code).toBe(0);
    const refused = await cli(["ban", "gamer-42", "3"]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain("--yes");
    expect(emulator.state.runningBan("gamer-42")?.count).toBe(1);

    const replaced = await cli(["ban", "gamer-42", "3", "--yes"]);
    expect(replaced).toMatchObject({ code: 0, stderr: "" });
    expect(replaced.stdout).toMatch(
      /gamer-42 was already banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC; this ban replaces it \(ban count 2\)\./,
    );
  });

  it("channels create … yes that takes another channel's default needs --yes, and says what moved", async () => {
    const { cli, emulator } = await setUp();
    emulator.state.createChannel({
      channel_group: "kr",
      channel_name: "서버-1",
      max_count: 50,
      is_default: true,
    });
    const creates = () => emulator.requests.filter((request) => request.method === "PUT");

    const refused = await cli(["channels", "create", "kr", "자유 채팅", "50", "yes"]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain("--yes");
    expect(creates()).toEqual([]);

    const moved = await cli(["channels", "create", "kr", "자유 채팅", "50", "yes", "--yes"]);
    expect(moved).toMatchObject({ code: 0, stderr: "" });
    expect(moved.stdout).toContain("서버-1 is no longer kr's default channel.");
    expect(moved.stdout).toContain("Default: yes");

    const deleted = await cli(["channels", "delete", "kr", "자유 채팅", "--yes"]);
    expect(deleted).toMatchObject({ code: 0, stderr: "" });
    expect(deleted.stdout).toContain("kr has no default channel now.");
  });

  it("announce needs --yes without a terminal; with it, sends the text as given and --json carries it", async () => {
    const { cli, emulator } = await setUp();
    openChannel(emulator, "global", "lobby", 2);
    const refused = await cli(["announce", "global", "lobby", "Restart at 10:00"]);
    expect(refused.code).toBe(64);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain("--yes");
    expect(emulator.state.systemMessages).toEqual([]);

    const sent = await cli([
      "announce",
      "global",
      "lobby",
      "Restart at 10:00,",
      'don\'t "panic"',
      "--yes",
      "--json",
    ]);
    expect(sent).toMatchObject({ code: 0, stderr: "" });
    const document = JSON.parse(sent.stdout) as {
      outcome: string;
      case: number;
      data: unknown;
    };
    expect(document.outcome).toBe("success");
    expect(document.case).toBeGreaterThan(0);
    expect(document.data).toMatchObject({
      group: "global",
      channel: "lobby",
      message: 'Restart at 10:00, don\'t "panic"',
      channel_ids: [1, 2],
    });
    expect(emulator.state.systemMessages.map((message) => message.message)).toEqual([
      'Restart at 10:00, don\'t "panic"',
      'Restart at 10:00, don\'t "panic"',
    ]);
  });

  it.each([
    [
      ["announce", "global", "lobby", "x".repeat(501), "--yes"],
      "message must be at most 500 characters; this one is 501",
    ],
    [["announce", "global", "lobby", "   ", "--yes"], "message must not be empty"],
    [["announce", "global", "nowhere", "hi", "--yes"], "No channel nowhere in global"],
  ])("announce refuses %j in one line and sends nothing", async (args, message) => {
    const { cli, emulator } = await setUp();
    openChannel(emulator, "global", "lobby");
    const run = await cli(args);
    expect(run.code).not.toBe(0);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(emulator.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("announce on a chat API without system messages exits non-zero, saying so", async () => {
    const { cli, emulator } = await setUp();
    openChannel(emulator, "global", "lobby");
    emulator.setBehaviour({ systemMessage: "absent" });
    const run = await cli(["announce", "global", "lobby", "hi", "--yes"]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain("This chat API does not offer system messages");
  });

  it("filter adds words from a report the feed has read, after --yes, saying which were new", async () => {
    const { cli, emulator, dataDir } = await setUp();
    emulator.state.putBadWords("all", ["scam"], "replace");
    const report = emulator.state.injectReport({ to_gamer_id: "10003", message: "gold seller" });
    // The feed of a running bot has read it (into the store this CLI opens).
    const core = await createTestCore(emulator.baseUrl, dataDir);
    await core.reports.record(report, new Date(), undefined);
    await core.close();
    const id = String(report.report_id);

    const refused = await cli(["filter", id, "all", '"gold seller"', "scam"]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain("--yes");
    const added = await cli(["filter", id, "all", "gold seller", "scam", "--yes"]);
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toContain("Added 1 word to the all filter");
    expect(added.stdout).toContain(`From report #${id} against a0 (10003).`);
    expect(added.stdout).toContain("Already there: scam");
    expect(emulator.state.listBadWords()[0]?.filters).toEqual(["scam", "gold seller"]);

    const again = await cli(["filter", id, "all", "SCAM"]);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain("Nothing new for the all filter");
  });

  it("dismiss --only dismisses one report of a card, and exits non-zero on one already dismissed", async () => {
    const { cli, emulator, dataDir } = await setUp();
    // The feed of a running bot has put two reports against 10003 on one card.
    const core = await createTestCore(emulator.baseUrl, dataDir);
    const card = await core.reports.openCard("10003", new Date());
    const [first, second] = [1, 2].map(() => emulator.state.injectReport({ to_gamer_id: "10003" }));
    for (const report of [first, second]) {
      if (report) await core.reports.record(report, new Date(), card);
    }
    await core.close();
    const id = String(second?.report_id);

    const done = await cli(["dismiss", id, "--only"]);
    expect(done).toMatchObject({ code: 0, stderr: "" });
    expect(lines(done.stdout).slice(0, 2)).toEqual([
      `✔ Dismissed report #${id} alone`,
      "  1 report against a0 (10003) stays open on its card.",
    ]);
    const again = await cli(["dismiss", id, "--only"]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(
      /^chatwarden: Already handled: Handled by .* dismissed \(case #1\)\.\n$/,
    );
    // The other report is its card's last: --only settles the card, and says so.
    const last = await cli(["dismiss", String(first?.report_id), "--only", "--json"]);
    expect(last.code).toBe(0);
    expect(JSON.parse(last.stdout)).toMatchObject({
      data: { report_id: first?.report_id, card, reports: 1, only: true },
    });
  });

  it("take marks a report for others; their dismiss needs --yes, and --json carries the take", async () => {
    const { cli, emulator, dataDir } = await setUp();
    const report = emulator.state.injectReport({ to_gamer_id: "10003" });
    // The feed of a running bot has read it (into the store this CLI opens).
    const core = await createTestCore(emulator.baseUrl, dataDir);
    await core.reports.record(report, new Date(), undefined);
    await core.close();
    const id = String(report.report_id);
    const mina = { USER: "mina" };
    const ari = { USER: "ari" };

    const taken = await cli(["take", id, "--json"], mina);
    expect(taken).toMatchObject({ code: 0, stderr: "" });
    const takeOf = (stdout: string) => (JSON.parse(stdout) as { data: { taken: unknown } }).data;
    expect(takeOf(taken.stdout)).toMatchObject({ taken: { by: "mina", platform: "cli" } });
    const shown = await cli(["report", id]);
    expect(shown.stdout).toMatch(/mina \(cli\) is looking at this since \d\d:\d\d UTC, until/);
    const open = await cli(["reports", "--open", "--json"]);
    expect(JSON.parse(open.stdout)).toMatchObject({
      data: [{ report_id: report.report_id, taken: { by: "mina", by_id: "mina" } }],
    });

    // Ari has not taken it: his dismiss asks first.
    const refused = await cli(["dismiss", id], ari);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain("--yes");
    const dismissed = await cli(["dismiss", id, "--yes", "--json"], ari);
    expect(dismissed).toMatchObject({ code: 0, stderr: "" });
    // Six processes of the binary, one after another: more than the file's 20 s on a loaded machine.
  }, 60_000);

  it("keeps cases across processes", async () => {
    const { cli } = await setUp();
    expect((await cli(["ban", "gamer-42", "2w", "--reason", "gold selling"])).code).toBe(0);
    const history = await cli(["history", "gamer-42", "--json"]);
    expect(history).toMatchObject({ code: 0, stderr: "" });
    const document = JSON.parse(history.stdout) as {
      data: { cases: Array<{ number: number; command: string; platform: string; reason: string }> };
    };
    expect(document.data.cases).toEqual([
      expect.objectContaining({
        number: 1,
        command: "ban",
        platform: "cli",
        reason: "gold selling",
      }),
    ]);
  });

  it("history says the ladder's next step, from BAN_LADDER_DAYS, and --json carries it", async () => {
    const { cli } = await setUp();
    expect((await cli(["ban", "gamer-42", "3"])).code).toBe(0);
    const history = await cli(["history", "gamer-42"]);
    expect(history).toMatchObject({ code: 0, stderr: "" });
    expect(history.stdout).toContain("Next on the ladder: 7 days (2nd offence)");
    const own = await cli(["history", "gamer-42", "--json"], { BAN_LADDER_DAYS: "2,14,60" });
    expect(JSON.parse(own.stdout)).toMatchObject({
      data: { ladder: { days: 14, offence: 2, earlier_bans: 1 } },
    });
  });

  it("stats prints the figures with a sparkline of the days; --json gives the numbers and the chart's series", async () => {
    const { cli, emulator, dataDir } = await setUp();
    await reportedTwice(emulator, dataDir, "gamer-7", "SPAM");
    const text = await cli(["stats"]);
    expect(text).toMatchObject({ code: 0, stderr: "" });
    expect(text.stdout).toContain("Moderation statistics: last 7 days");
    // Eight days (today and the seven before it), the last with both reports.
    expect(text.stdout).toMatch(/▁{7}█ {2}0 0 0 0 0 0 0 2/);
    expect(text.stdout).toContain("SPAM 2");
    expect(text.stdout).toContain("Days are days in UTC (CHAT_TIMEZONE)");
    const json = await cli(["stats", "30d", "--json"]);
    expect(json).toMatchObject({ code: 0, stderr: "" });
    const { data } = JSON.parse(json.stdout) as {
      data: { period: string; reports: { total: number }; chart: { reports_per_day: number[] } };
    };
    expect(data.period).toBe("30d");
    expect(data.reports.total).toBe(2);
    expect(data.chart.reports_per_day).toHaveLength(31);
    expect(data.chart.reports_per_day.at(-1)).toBe(2);
    const refused = await cli(["stats", "5d"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain("period must be 24h, 7d or 30d");
  });

  it("reports --open and report show a card's priority and why; --json carries it with what was counted", async () => {
    const { cli, emulator, dataDir } = await setUp();
    await reportedTwice(emulator, dataDir, "gamer-5", "CHEATING");
    const open = await cli(["reports", "--open"]);
    expect(open).toMatchObject({ code: 0, stderr: "" });
    expect(open.stdout).toContain("Open report cards: 1, highest priority first");
    expect(open.stdout).toMatch(/Medium +1 +a0 \(gamer-5\) +2 .* 2 reporters in 24 h · CHEATING/);
    const shown = await cli(["report", "1"]);
    expect(shown).toMatchObject({ code: 0, stderr: "" });
    expect(shown.stdout).toContain("Medium: 2 reporters in 24 h · CHEATING");
    const custom = await cli(["report", "1", "--json"], { PRIORITY_LEVELS: "high=8,medium=2" });
    expect(JSON.parse(custom.stdout)).toMatchObject({
      data: {
        priority: {
          level: "high",
          score: 8,
          reasons: ["2 reporters in 24 h", "CHEATING"],
          counted: { reporters_24h: 2, reports_24h: 2, categories: ["CHEATING"] },
        },
      },
    });
  });

  it("refuses to start with a ladder that does not increase or a weight that is no number, naming the variable", async () => {
    const { cli } = await setUp();
    const refused = await cli(["bans"], { BAN_LADDER_DAYS: "1,30,7" });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      "BAN_LADDER_DAYS must increase from step to step: 7 follows 30",
    );
    const weights = await cli(["bans"], { PRIORITY_CATEGORY_WEIGHTS: "CHEATING=high" });
    expect(weights.code).not.toBe(0);
    expect(weights.stderr).toContain(
      "PRIORITY_CATEGORY_WEIGHTS must give each category a number, as CATEGORY=weight separated by commas (CHEATING=4,SPAM=1,*=1): CHEATING=high is not a number",
    );
  });

  it("history reads the report feed's record while a serve process's feed polls the store, the chat API otherwise", async () => {
    const { cli, emulator, dataDir } = await setUp();
    // Long ago, so that the answer's relative times read the same a second later.
    const createdAt = new Date(Date.UTC(2020, 0, 1));
    emulator.state.injectReport({ to_gamer_id: "gamer-42", from_gamer_id: "gamer-7", createdAt });
    emulator.state.injectReport({ to_gamer_id: "gamer-9", from_gamer_id: "gamer-42", createdAt });
    const listReads = () =>
      emulator.requests.filter((r) => r.method === "GET" && r.path === "/report_list").length;

    // No feed has polled this store: the list is read, and the answer is the API's. The bot has
    // not seen gamer-42 yet, so it first looks for him in the lists (player-lookup.ts): one read
    // more, once.
    const live = await cli(["history", "gamer-42"]);
    expect(live).toMatchObject({ code: 0, stderr: "" });
    expect(listReads()).toBe(2);
    expect(live.stdout).not.toContain("Reports as of");

    // A serve process's feed on the same DATA_DIR polls (here, in this process), then stops.
    const core = await createTestCore(emulator.baseUrl, dataDir);
    const feed = startAdapterFeed(core, [], silentLogger);
    await feed.pollNow();
    await feed.stop();
    await core.close();
    const polls = listReads();
    const recorded = await cli(["history", "gamer-42"]);
    expect(recorded).toMatchObject({ code: 0, stderr: "" });
    expect(listReads()).toBe(polls);
    expect(recorded.stdout).toMatch(
      /Reports as of the report feed's last poll, (just now|\d+ s ago)\./,
    );
    expect(recorded.stdout.replace(/.*Reports as of.*\n/, "")).toBe(live.stdout);
  });

  it("records the reason as the shell passed its words, each as it came", async () => {
    // The shell has split the line and read its quotes: what reaches chatwarden is the words the
    // operator meant, joined with one space and kept as they are, `--` words included (issue 20).
    const { cli } = await setUp();
    const argv = ["he", "said", '"hi",', "don't", "use", "--noclip"];
    const banned = await cli(["ban", "ux-q", "2", ...argv, "--json"]);
    expect(banned).toMatchObject({ code: 0, stderr: "" });
    const oneWord = String.raw`two  spaces and \"C:\path"`;
    expect(await cli(["unban", "ux-q", oneWord])).toMatchObject({ code: 0, stderr: "" });
    const history = await cli(["history", "ux-q", "--json"]);
    const document = JSON.parse(history.stdout) as { data: { cases: Array<{ reason: string }> } };
    expect(document.data.cases.map((entry) => entry.reason).sort()).toEqual([
      `he said "hi", don't use --noclip`,
      oneWord,
    ]);
  });

  it("reads the days' unit given as a word of its own", async () => {
    const { cli } = await setUp();
    const banned = await cli(["ban", "ux-w", "2", "wk", "--json"]);
    expect(banned).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(banned.stdout)).toMatchObject({ title: "Banned ux-w for 14 days" });
    const history = await cli(["history", "ux-w", "--json"]);
    const document = JSON.parse(history.stdout) as { data: { cases: Array<{ reason?: string }> } };
    expect(document.data.cases).toEqual([expect.not.objectContaining({ reason: "wk" })]);
  });

  it("says how to configure the chat API when none is set", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-cli-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const run = await runCli(["bans"], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain("CHAT_API_BASE_URL");
    expect(run.stderr).toContain("chatwarden demo");
  });
});
