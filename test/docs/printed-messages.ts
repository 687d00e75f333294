// What the code prints, for each message the docs quote as printed (`<!-- printed: name -->`).
// Each producer makes the message the way a user meets it: the built `chatwarden` where the docs
// quote a command line's output, the real parser, client or catalogue where they quote a message
// inside an answer. Where meeting it for real takes minutes or gigabytes (a 5 s timeout with its
// retries, a 256 MB answer), the producer builds the code's own error with the documented values.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offlineCatalogue } from "../../adapters/console/offline-catalogue.js";
import { renderOneLine, renderView } from "../../adapters/console/render.js";
import type { RunningEmulator } from "../../emulator/server.js";
import { daysArgument, gamerIdArgument, optional } from "../../src/catalogue/arguments.js";
import { checkedCatalogue } from "../../src/catalogue/catalogue.js";
import { parseArguments } from "../../src/catalogue/parse-arguments.js";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { ChatApiBodyTooLargeError, ChatApiTimeoutError } from "../../src/chat-api/errors.js";
import { parseConfig } from "../../src/config.js";
import { caseView } from "../../src/moderation/case-view.js";
import type { Case } from "../../src/moderation/cases.js";
import { operatorActor } from "../../src/moderation/roles.js";
import { lines, runCli } from "../cli/cli-process.js";
import { createTestCore, type Harness, moderator, startHarness } from "../helpers/core.js";
import { clientFor, openChannel, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { aKnownWeek, WEEK_END, WEEK_ZONE } from "../helpers/stats-week.js";
import { REPO_ROOT } from "./markdown.js";

type Producer = () => Promise<string>;

const catalogue = () => offlineCatalogue(parseConfig({}));
/** A chat API the one-shot command never reaches: the line is refused before any call. */
const UNREACHED_API = {
  CHAT_API_BASE_URL: "http://127.0.0.1:9/chat/v1",
  CHAT_API_TOKEN: "docs-unreached-token",
};
/** The page nginx answers a 502 with, as a proxy in front of the chat API would. */
const NGINX_BAD_GATEWAY =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

export const PRINTED_MESSAGES: Readonly<Record<string, Producer>> = {
  "chat-api-token-rejected": async () => {
    const emulator = await startTestEmulator();
    try {
      const client = clientFor(emulator.baseUrl, { token: "docs-wrong-token" });
      return await failureOf(() => client.listReports());
    } finally {
      await emulator.close();
    }
  },
  "chat-api-timeout": async () =>
    new ChatApiTimeoutError({ method: "GET", path: "/report_list", isWrite: false }, 5_000).message,
  "chat-api-body-too-large": async () =>
    new ChatApiBodyTooLargeError(
      { method: "GET", path: "/report_list", isWrite: false },
      parseConfig({}).chatApiMaxBodyMb * 1024 * 1024,
    ).message,
  "days-out-of-range": async () => {
    const ban = catalogue().find("ban");
    if (!ban) throw new Error("no ban command");
    const checked = parseArguments(ban, { gamer_id: "gamer-42", days: "0" });
    if (checked.ok) throw new Error("0 days were taken");
    return checked.message;
  },
  "stats-unknown-period": async () => {
    const stats = catalogue().find("stats");
    if (!stats) throw new Error("no stats command");
    const checked = parseArguments(stats, { period: "5d" });
    if (checked.ok) throw new Error("5d was taken");
    return checked.message;
  },
  "stats-week": async () => {
    // The week test/commands/stats.test.ts counts by hand, as the console shows it.
    const clock = { now: WEEK_END };
    const harness = await startHarness({
      now: () => clock.now,
      config: { chatTimeZone: WEEK_ZONE },
    });
    try {
      await aKnownWeek(harness, clock);
      return renderView(await harness.run("stats", {}), { now: WEEK_END }).trimEnd();
    } finally {
      await harness.close();
    }
  },
  "unclosed-quote": async () => {
    const parsed = parseCommandText('badwords add en-us "gold seller', catalogue());
    if (parsed.ok) throw new Error("the open quote was taken");
    return parsed.message;
  },
  "page-past-the-end": async () => {
    const harness = await startHarness();
    try {
      for (let report = 0; report < 25; report += 1) harness.emulator.state.injectReport();
      return renderOneLine(await harness.run("reports", {}, undefined, { page: 9 }));
    } finally {
      await harness.close();
    }
  },
  "declaration-error": async () => {
    // The real ban, declared with a required argument after its optional days.
    const ban = catalogue().find("ban");
    if (!ban) throw new Error("no ban command");
    const args = { days: optional(daysArgument(3650)), reason: gamerIdArgument("why") };
    return failureOf(async () => checkedCatalogue([{ ...ban, args }]));
  },
  "cli-days-out-of-range": async () =>
    stderrLine(await runCli(["ban", "gamer-42", "0"], { ...UNREACHED_API, DATA_DIR: scratch() })),
  "cli-unknown-command": async () =>
    stderrLine(await runCli(["bnas"], { ...UNREACHED_API, DATA_DIR: scratch() })),
  "configuration-errors": async () =>
    (
      await runCli(["serve"], {
        DATA_DIR: scratch(),
        PORT: "abc",
        REQUIRE_REASON: "maybe",
        CHAT_API_BASE_URL: "foo",
      })
    ).stderr.trimEnd(),
  "digest-cron-invalid": async () =>
    (await runCli(["serve"], { DATA_DIR: scratch(), DIGEST_CRON: "0 0 9 * * *" })).stderr.trimEnd(),
  "slack-token-swapped": async () => {
    const swapped = {
      SLACK_BOT_TOKEN: "xapp-FAKE-docs-swapped",
      SLACK_APP_TOKEN: "xapp-FAKE-docs-app",
    };
    const [line = ""] = (await failureOf(async () => parseConfig(swapped))).split("\n");
    return line;
  },
  "dotenv-bad-line": async () => {
    const folder = scratch();
    writeFileSync(join(folder, ".env"), "LOG_LEVEL=info\nPORT=3000\nthis line is no setting\n");
    const run = await runCli(["bans"], { DATA_DIR: join(folder, "data") }, { cwd: folder });
    return lines(run.stderr)[0] ?? "";
  },
  "doctor-configuration": async () => {
    const missing = await runCli(["doctor"], {
      DATA_DIR: scratch(),
      DISCORD_TOKEN: "docs-discord-token",
      DISCORD_GUILD_ID: "500000000000000001",
    });
    const invalid = await runCli(["doctor"], {
      DATA_DIR: scratch(),
      CHAT_API_BASE_URL: "foo",
      CHAT_API_TOKEN: "docs-token",
      PORT: "abc",
      REQUIRE_REASON: "maybe",
    });
    return [...lines(missing.stdout), ...lines(invalid.stdout)]
      .filter((line) => line.startsWith("✗"))
      .join("\n");
  },
  "one-shot-proxy-page": async () => {
    const emulator = await startTestEmulator();
    try {
      emulator.faults.add({
        path: "/block_user_list",
        times: 50,
        respond: { status: 502, body: NGINX_BAD_GATEWAY, contentType: "text/html" },
      });
      const run = await runCli(["bans"], {
        CHAT_API_BASE_URL: emulator.baseUrl,
        CHAT_API_TOKEN: TEST_TOKEN,
        DATA_DIR: scratch(),
      });
      return `$ chatwarden bans\n${stderrLine(run)}\n$ echo $?\n${run.code}`;
    } finally {
      await emulator.close();
    }
  },
  "cli-player-name-shared": async () => {
    const emulator = await startTestEmulator({ seed: "demo" });
    try {
      const env = { CHAT_API_BASE_URL: emulator.baseUrl, CHAT_API_TOKEN: TEST_TOKEN };
      return stderrLine(await runCli(["ban", "ShadowFox", "1"], { ...env, DATA_DIR: scratch() }));
    } finally {
      await emulator.close();
    }
  },
  "ban-sync-cron-invalid": async () =>
    stderrLine(await runCli(["serve"], { DATA_DIR: scratch(), BAN_SYNC_CRON: "every 5 minutes" })),
  "ban-sync-audit-post": async () =>
    withBanMadeElsewhere(async (harness, made) =>
      renderView(caseView(made, 0, await harness.core.players.label("10003")), {
        now: OUTSIDE_BAN_CLOCK.now(),
      }).trimEnd(),
    ),
  "ban-sync-history-line": async () =>
    withBanMadeElsewhere(async (harness) => {
      const history = await harness.run("history", { gamer_id: "10003" });
      const cases = history.fields?.find((field) => field.label.startsWith("Cases"));
      return String(cases?.value).split("\n").at(-1) ?? "";
    }),
  "player-never-seen": async () => {
    const harness = await startHarness();
    try {
      const question = await harness.run("ban", { gamer_id: "10003x", days: "1" });
      return question.description?.replace(/ This question expires in \d+ s\.$/, "") ?? "";
    } finally {
      await harness.close();
    }
  },
  "backup-postgres": async () =>
    stderrLine(
      await runCli(["backup", join(scratch(), "copy.sqlite")], {
        DATA_DIR: scratch(),
        DATABASE_URL: "postgres://docs:docs@127.0.0.1:9/chatwarden",
      }),
    ),
  "cases-export-range-reversed": async () =>
    stderrLine(
      await runCli(["cases", "export", "--since", "2026-11-01", "--until", "2026-10-31"], {
        DATA_DIR: scratch(),
      }),
    ),
  "announce-question": async () => {
    const harness = await startHarness();
    try {
      // The demo's lobby: two channel numbers after two other channels.
      for (const name of ["server-1", "server-2"]) openChannel(harness.emulator, "global", name);
      openChannel(harness.emulator, "global", "lobby", 2);
      const question = await harness.run(
        "announce",
        {
          group: "global",
          channel: "lobby",
          message: "Server restarts at 10:00 UTC, back by 10:30",
        },
        operatorActor("console"),
      );
      return (question.description ?? "").replace(/ This question expires in \d+ s\.$/, "");
    } finally {
      await harness.close();
    }
  },
  "filter-question": async () => {
    const harness = await startHarness();
    try {
      harness.emulator.state.putBadWords("all", ["scam"], "replace");
      const report = harness.emulator.state.injectReport({
        report_id: 41,
        to_gamer_id: "10003",
        message: "cheap gold, whisper me",
      });
      await harness.core.reports.record(report, new Date(), undefined);
      const question = await harness.run(
        "filter",
        { report_id: "41", language: "all", words: '"cheap gold" SCAM' },
        operatorActor("console"),
      );
      return (question.description ?? "").replace(/ This question expires in \d+ s\.$/, "");
    } finally {
      await harness.close();
    }
  },
  "dismiss-only": async () =>
    withGroupedCard(async (env) => {
      const run = await runCli(["dismiss", "42", "--only", "--reason", "not abuse"], env);
      return run.stdout.trimEnd();
    }),
  "dismiss-only-alone": async () =>
    withGroupedCard(async (env) => {
      await runCli(["dismiss", "41", "--only"], env);
      await runCli(["dismiss", "42", "--only"], env);
      const run = await runCli(["dismiss", "43", "--only"], env);
      return run.stdout.split("\n")[1]?.trim() ?? "";
    }),
  "take-line": async () => (await takenReport41((_, shown) => shown)).split("\n")[1] ?? "",
  "take-question": async () =>
    takenReport41(async (harness) => {
      const ari = { ...operatorActor("console"), id: "ari", displayName: "Ari" };
      const question = await harness.run("dismiss", { report_id: "41" }, ari);
      return (question.description ?? "").replace(/ This question expires in \d+ s\.$/, "");
    }),
  "announce-unknown-channel": async () =>
    withDemoChannels(async (env) =>
      stderrLine(await runCli(["announce", "global", "lobbby", "hi", "--yes"], env)),
    ),
  "announce-no-endpoint": async () =>
    withDemoChannels(async (env, emulator) => {
      emulator.setBehaviour({ systemMessage: "absent" });
      return stderrLine(await runCli(["announce", "global", "lobby", "hi", "--yes"], env));
    }),
  "list-commands-missing-export": async () => {
    const folder = scratch();
    mkdirSync(join(folder, "src/commands"), { recursive: true });
    writeFileSync(
      join(folder, "src/commands/ping.ts"),
      "export const pongCommand = () => undefined;\n",
    );
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [join(REPO_ROOT, "scripts/list-commands.mjs")],
        { cwd: folder, timeout: 10_000 },
        (_error, _stdout, stderr) => resolve(stderr.trimEnd()),
      );
    });
  },
};

/**
 * The one-shot CLI's settings against an emulator and a store whose feed has read reports 41, 42
 * and 43 against ShadowFox (10003), all on one card.
 */
async function withGroupedCard(
  work: (env: Record<string, string>) => Promise<string>,
): Promise<string> {
  const emulator = await startTestEmulator();
  const dataDir = scratch();
  try {
    const core = await createTestCore(emulator.baseUrl, dataDir);
    try {
      const card = await core.reports.openCard("10003", new Date());
      for (const [report_id, from_gamer_name] of [
        [41, "MoonWalker"],
        [42, "NightOwl"],
        [43, "xX_Sniper_Xx"],
      ] as const) {
        const report = emulator.state.injectReport({
          report_id,
          to_gamer_id: "10003",
          to_gamer_name: "ShadowFox",
          from_gamer_name,
        });
        await core.reports.record(report, new Date(), card);
      }
    } finally {
      await core.close();
    }
    return await work({
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
    });
  } finally {
    await emulator.close();
  }
}

/** The one-shot CLI's settings against an emulator whose global group has the demo's channels. */
async function withDemoChannels(
  work: (env: Record<string, string>, emulator: RunningEmulator) => Promise<string>,
): Promise<string> {
  const emulator = await startTestEmulator();
  try {
    for (const name of ["server-1", "server-2", "lobby"]) openChannel(emulator, "global", name);
    const env = {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: scratch(),
    };
    return await work(env, emulator);
  } finally {
    await emulator.close();
  }
}

/** The docs' moment: the first sync at 10:00, ShadowFox banned in the console at 10:02. */
const OUTSIDE_BAN_CLOCK = {
  at: Date.parse("2026-11-20T10:00:00Z"),
  now: () => new Date(OUTSIDE_BAN_CLOCK.at),
};

/**
 * A store whose first sync found 10004 banned since 09:00, then ShadowFox (10003) banned for 7
 * days in the vendor's console and the next sync's case of it.
 */
async function withBanMadeElsewhere(
  work: (harness: Harness, made: Case) => Promise<string>,
): Promise<string> {
  OUTSIDE_BAN_CLOCK.at = Date.parse("2026-11-20T10:00:00Z");
  const now = OUTSIDE_BAN_CLOCK.now;
  const harness = await startHarness({ now, emulator: { now } });
  try {
    await harness.see("10003=ShadowFox");
    harness.emulator.state.ban("10004", 3, "extend", new Date(Date.parse("2026-11-20T09:00:00Z")));
    await harness.core.banSync.sync();
    OUTSIDE_BAN_CLOCK.at += 2 * 60_000;
    harness.emulator.state.ban("10003", 7);
    OUTSIDE_BAN_CLOCK.at += 3 * 60_000;
    const synced = await harness.core.banSync.sync();
    const made = synced.kind === "synced" ? synced.recorded[0] : undefined;
    if (!made) throw new Error("the sync recorded no ban");
    return await work(harness, made);
  } finally {
    await harness.close();
  }
}

const scratchFolders: string[] = [];

/** A fresh folder, removed by removeScratch(). */
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), "chatwarden-docs-"));
  scratchFolders.push(folder);
  return folder;
}

export function removeScratch(): void {
  for (const folder of scratchFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** The message `work` fails with; that it does not fail is the producer's own failure. */
async function failureOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("printed-messages: expected a failure, and it succeeded");
}

/** The one line a failed command prints on stderr. */
function stderrLine(run: { stderr: string }): string {
  const [line = ""] = lines(run.stderr);
  return line;
}

/**
 * Report 41, taken by Mina on Discord at 16:42 UTC; `then` runs two minutes later with the
 * card's description as `report 41` shows it then.
 */
async function takenReport41(
  then: (harness: Harness, description: string) => Promise<string> | string,
): Promise<string> {
  let now = new Date(Date.UTC(2026, 10, 22, 16, 42));
  const harness = await startHarness({ now: () => now });
  try {
    const report = harness.emulator.state.injectReport({ report_id: 41, to_gamer_id: "10003" });
    await harness.core.reports.record(report, now, undefined);
    // Mina, on Discord.
    await harness.run("take", { report_id: "41" }, moderator);
    now = new Date(now.getTime() + 2 * 60_000);
    const shown = await harness.run("report", { report_id: "41" }, moderator);
    return await then(harness, shown.description ?? "");
  } finally {
    await harness.close();
  }
}
