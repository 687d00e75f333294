// `--json` as scripts read it: every command of the catalogue, run by the built `chatwarden`
// against the emulator, prints one document that this file's zod schemas hold. These schemas
// are the contract docs/command-line.md documents; a change here is a change scripts will notice.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { renderJson } from "../../adapters/console/render.js";
import type { RunningEmulator } from "../../emulator/server.js";
import {
  badWordEntrySchema,
  blockedUserSchema,
  createdChannelSchema,
  deletedChannelListSchema,
  openChannelSchema,
  reportSchema,
} from "../../src/chat-api/schemas.js";
import { createCatalogue } from "../../src/command-list.js";
import { createTestCore, player, startHarness } from "../helpers/core.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { type CliRun, lines, runCli } from "./cli-process.js";

// ---- the documents ------------------------------------------------------------------------

/** Every key in every document: lower-case words joined by `_`, as the chat API writes them. */
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** The player a command's argument named, and how: an id seen, a name, an id never seen. */
const playerDocument = z.strictObject({
  typed: z.string().nullable(),
  gamer_id: z.string(),
  name: z.string().nullable(),
  matched_by: z.enum(["id", "name", "unseen"]).nullable(),
  last_seen_at: z.iso.datetime().nullable(),
});

/**
 * What every successful run prints; `case` is the number of the case a mutating command wrote,
 * `player` the player its argument named (null for a command that names none).
 */
function answer<Data extends z.ZodType>(data: Data, mutates: boolean) {
  return z.strictObject({
    outcome: z.enum(["success", "info", "warning"]),
    title: z.string().min(1),
    description: z.string().nullable(),
    notices: z.array(z.string()),
    case: mutates ? z.number().int().positive() : z.null(),
    player: playerDocument.nullable(),
    data,
  });
}

/** What a failure prints on stdout, beside its line on stderr. */
const failureDocument = z.strictObject({
  outcome: z.literal("error"),
  error: z.strictObject({
    kind: z.enum(["usage", "configuration", "denied", "cancelled", "failed"]),
    message: z.string().min(1),
  }),
  case: z.number().int().positive().nullable(),
});

const caseDocument = z.strictObject({
  number: z.number().int().positive(),
  at: z.iso.datetime(),
  platform: z.enum(["discord", "slack", "console", "cli"]),
  actor_id: z.string(),
  actor_name: z.string(),
  command: z.string(),
  target: z.string().nullable(),
  args: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  outcome: z.enum(["pending", "success", "failed", "denied", "unknown"]),
  answer: z.unknown(),
  error: z.string().nullable(),
});

const wordEdit = z.strictObject({
  language: z.string(),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  list: z.array(z.string()),
  /** The PUT's echo; null when the list already was as asked and nothing was sent. */
  answer: z.unknown(),
  warning: z.string().optional(),
});

/** The sanction ladder's next step for a player (feed/triage.ts). */
const ladderStep = z.strictObject({
  days: z.number().int().positive(),
  offence: z.number().int().positive(),
  earlier_bans: z.number().int().nonnegative(),
});

/** A card's priority and what was counted (feed/triage.ts); null on a settled card. */
const cardPriority = z
  .strictObject({
    level: z.enum(["high", "medium", "low"]),
    score: z.number(),
    reasons: z.array(z.string()),
    counted: z.strictObject({
      reporters_24h: z.number().int().positive(),
      reports_24h: z.number().int().positive(),
      earlier_bans: z.number().int().nonnegative(),
      dismissed_before: z.number().int().nonnegative(),
      categories: z.array(z.string()),
      at_least: z.strictObject({
        reports_24h: z.boolean(),
        earlier_bans: z.boolean(),
        dismissed_before: z.boolean(),
      }),
    }),
  })
  .nullable();

/** Who took a card and until when (feed/card-takes.ts); null when nobody holds it. */
const cardTake = z
  .strictObject({
    by: z.string(),
    by_id: z.string(),
    platform: z.enum(["discord", "slack", "console", "cli"]),
    since: z.iso.datetime(),
    until: z.iso.datetime(),
  })
  .nullable();

const commandDocument = z.strictObject({
  name: z.string(),
  usage: z.string(),
  summary: z.string(),
  role: z.enum(["anyone", "moderator", "admin"]),
});

const DATA: Record<string, z.ZodType> = {
  announce: z.strictObject({
    group: z.string(),
    channel: z.string(),
    message: z.string(),
    /** The channel numbers that got it, and the API's echo for each. */
    channel_ids: z.array(z.number().int()),
    answers: z.array(z.looseObject({ channel_id: z.number().int(), message: z.string() })),
    failed: z.array(z.strictObject({ channel_id: z.number().int(), error: z.string() })).optional(),
    warning: z.string().optional(),
  }),
  ban: z.strictObject({
    answer: z.looseObject({ gamer_id: z.string(), days: z.number() }),
    ban: blockedUserSchema.nullable(),
    previous_ban: blockedUserSchema.nullable(),
    warning: z.string().optional(),
  }),
  unban: z.strictObject({
    answer: z.looseObject({ gamer_id: z.string() }),
    was_banned: z.boolean().nullable(),
    warning: z.string().optional(),
  }),
  bans: z.array(blockedUserSchema),
  reports: z.union([
    z.array(reportSchema),
    z.array(
      z.strictObject({
        card: z.number().int(),
        report_id: z.number().int().nullable(),
        gamer_id: z.string(),
        gamer_name: z.string().nullable(),
        state: z.enum(["open", "handling"]),
        reports: z.number().int().positive(),
        opened_at: z.iso.datetime(),
        priority: cardPriority,
        ladder: ladderStep,
        taken: cardTake,
      }),
    ),
  ]),
  history: z.strictObject({
    gamer_id: z.string(),
    ban: blockedUserSchema.nullable(),
    cases: z.array(caseDocument),
    ladder: ladderStep,
    reports_against: z.array(reportSchema),
    reports_by: z.array(reportSchema),
    reports_as_of: z.iso.datetime().nullable(),
  }),
  "channels list": z.union([
    z.array(z.strictObject({ channel_group: z.string(), channels: z.array(openChannelSchema) })),
    z.array(openChannelSchema),
  ]),
  "channels create": z.strictObject({ answer: createdChannelSchema }),
  "channels delete": z.strictObject({ answer: deletedChannelListSchema }),
  "badwords list": z.array(badWordEntrySchema),
  "badwords add": wordEdit,
  "badwords remove": wordEdit,
  report: z.strictObject({
    card: z.number().int(),
    state: z.enum(["open", "handling", "banned", "dismissed"]),
    reports: z.array(reportSchema),
    priority: cardPriority,
    ladder: ladderStep,
    taken: cardTake,
  }),
  take: z.strictObject({
    report_id: z.number().int(),
    card: z.number().int(),
    taken: cardTake,
  }),
  filter: wordEdit.extend({ report_id: z.number().int() }),
  dismiss: z.strictObject({
    report_id: z.number().int(),
    card: z.number().int(),
    reports: z.number().int().positive(),
    only: z.boolean(),
    // `--only` on a card of several: what the card it left holds now.
    remaining: z
      .strictObject({
        card: z.number().int(),
        state: z.enum(["open", "handling", "banned", "dismissed"]),
        reports: z.number().int().positive(),
        listed: z.array(z.number().int()),
      })
      .optional(),
  }),
  help: z.array(commandDocument),
  stats: statsDocument(),
};

/** `stats`: the period's figures, and the chart's series, one entry per day. */
function statsDocument() {
  const count = z.number().int().nonnegative();
  const seconds = z.number().int().nonnegative().nullable();
  const categories = z.array(z.strictObject({ category: z.string(), reports: count }));
  const times = { acted_on: count, median_seconds: seconds, p90_seconds: seconds };
  const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
  return z.strictObject({
    period: z.enum(["24h", "7d", "30d"]),
    since: z.iso.datetime(),
    until: z.iso.datetime(),
    time_zone: z.string(),
    reports: z.strictObject({ total: count, by_category: categories }),
    cards_handled: z.strictObject({ handled: count, banned: count, dismissed: count }),
    time_to_action: z.strictObject({ ...times, waiting: count }),
    actions_by_moderator: z.array(
      z.strictObject({
        actor_name: z.string(),
        platform: z.string(),
        actions: count,
        bans: count,
        dismissals: count,
      }),
    ),
    backlog: z.strictObject({
      open_cards: count,
      oldest: z
        .strictObject({
          card_id: z.number().int(),
          gamer_id: z.string(),
          player: z.string(),
          opened_at: z.iso.datetime(),
        })
        .nullable(),
    }),
    most_reported: z.array(
      z.strictObject({ gamer_id: z.string(), player: z.string(), reports: count }),
    ),
    bans_by_length: z.array(z.strictObject({ days: count.nullable(), bans: count })),
    days: z.array(
      z.strictObject({
        day,
        reports: count,
        by_category: categories,
        time_to_action: z.strictObject(times),
      }),
    ),
    chart: z.strictObject({
      days: z.array(day),
      reports_per_day: z.array(count),
      time_to_action_median_seconds: z.array(seconds),
      time_to_action_p90_seconds: z.array(seconds),
    }),
  });
}

/** Keys that are not snake_case, with where they are: `data.cases[0].actorName`. */
function camelKeys(value: unknown, path = "$"): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => camelKeys(item, `${path}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(SNAKE_CASE.test(key) ? [] : [`${path}.${key}`]),
    ...camelKeys(item, `${path}.${key}`),
  ]);
}

// ---- the runs -----------------------------------------------------------------------------

let emulator: RunningEmulator;
let dataDir: string;
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    DATA_DIR: dataDir,
    ...env,
  });

beforeAll(async () => {
  emulator = await startTestEmulator();
  dataDir = await mkdtemp(join(tmpdir(), "chatwarden-json-"));
  const { state } = emulator;
  state.createChannel({
    channel_group: "global",
    channel_name: "server-1",
    max_count: 50,
    is_default: true,
  });
  state.putBadWords("en-us", ["noob", "scam"], "replace");
  // The players the runs below act on are in the channel's member list: the bot finds them there.
  for (const gamer_id of ["json-4", "json-5", "json-6", "json-7", "json-never"]) {
    state.joinPlayer("global", "server-1", { gamer_id, gamer_name: `Player ${gamer_id}` });
  }
  state.injectReport({ report_id: 7, to_gamer_id: "json-1", from_gamer_id: "json-2" });
  const seen = state.injectReport({ report_id: 8, to_gamer_id: "json-3" });
  // `dismiss` acts on reports the feed has read: record one in the store the CLI will open.
  const core = await createTestCore(emulator.baseUrl, dataDir);
  await core.reports.record(seen, new Date(), undefined);
  // `reports --open` lists the feed's cards: one waiting, as a poll would have left it.
  const waiting = state.injectReport({ report_id: 9, to_gamer_id: "json-4" });
  await core.reports.record(waiting, new Date(), await core.reports.openCard("json-4", new Date()));
  // `dismiss --only` takes one report off a card of two.
  const grouped = await core.reports.openCard("json-5", new Date());
  for (const report_id of [10, 11]) {
    const report = state.injectReport({ report_id, to_gamer_id: "json-5" });
    await core.reports.record(report, new Date(), grouped);
  }
  await core.close();
});
afterAll(async () => {
  await emulator?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs `args --json` and checks the document against the command's schema. */
async function documentOf(command: string, args: string[]) {
  const run = await cli([...args, "--json"]);
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: "" });
  const document: unknown = JSON.parse(run.stdout);
  const mutates = catalogue.find(command)?.mutates ?? false;
  const schema = DATA[command];
  if (!schema) throw new Error(`no schema for ${command}`);
  const checked = answer(schema, mutates).safeParse(document);
  expect(checked.error?.issues ?? [], JSON.stringify(document, null, 2)).toEqual([]);
  expect(camelKeys(document)).toEqual([]);
  return checked.data as z.infer<ReturnType<typeof answer>>;
}

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});

/** In order: later calls read what earlier ones did. Every command of the catalogue once. */
const calls: Array<[command: string, args: string[]]> = [
  ["ban", ["ban", "json-1", "3", "--reason", "spam"]],
  ["ban", ["ban", "json-1", "5"]],
  ["bans", ["bans"]],
  ["reports", ["reports", "json-1"]],
  ["reports", ["reports", "--open"]],
  ["take", ["take", "9"]],
  ["reports", ["reports", "--open"]],
  ["take", ["take", "9", "--release"]],
  ["history", ["history", "json-1"]],
  ["unban", ["unban", "json-1"]],
  ["unban", ["unban", "json-1"]],
  ["channels list", ["channels", "list"]],
  ["channels list", ["channels", "list", "global"]],
  ["channels create", ["channels", "create", "global", "server-2", "10"]],
  ["channels delete", ["channels", "delete", "global", "server-2", "--yes"]],
  ["badwords list", ["badwords", "list"]],
  ["badwords add", ["badwords", "add", "en-us", "gg", "noob"]],
  ["badwords remove", ["badwords", "remove", "en-us", "gg", "--yes"]],
  ["badwords remove", ["badwords", "remove", "en-us", "never-there"]],
  ["report", ["report", "7"]],
  ["filter", ["filter", "8", "en-us", "gold seller", "--yes"]],
  ["dismiss", ["dismiss", "8", "--reason", "not abuse"]],
  ["dismiss", ["dismiss", "10", "--only"]],
  ["stats", ["stats", "30d"]],
  ["announce", ["announce", "global", "server-1", "Restart at 10:00 UTC", "--yes"]],
];

describe("--json: one document per command, held by its schema", () => {
  it("covers every command of the catalogue (a new command needs a schema and a call)", () => {
    const names = catalogue.all.map((command) => command.name).sort();
    expect(Object.keys(DATA).sort()).toEqual(names);
    // `chatwarden help` is the process's own usage text; the catalogue's help is checked below.
    const run = [...new Set(calls.map(([command]) => command)), "help"];
    expect(run.sort()).toEqual(names);
  });

  it("help, as the console and chat platforms run it, renders to the same document", async () => {
    const h = await startHarness();
    try {
      for (const args of [{}, { command: "channels" }]) {
        const document = JSON.parse(renderJson(await h.run("help", args, player)));
        expect(answer(DATA.help ?? z.never(), false).parse(document).data).not.toEqual([]);
        expect(camelKeys(document)).toEqual([]);
      }
    } finally {
      await h.close();
    }
  });

  // A script, run in its order even when vitest shuffles: each call reads what the ones before
  // it did, and case numbers count up across the processes.
  describe("every command, in order", { shuffle: false }, () => {
    let lastCase = 0;
    for (const [command, args] of calls) {
      it(`${args.join(" ")}`, async () => {
        const document = await documentOf(command, args);
        if (document.case !== null) {
          // Case numbers count up across processes, one per mutating run.
          expect(document.case).toBeGreaterThan(lastCase);
          lastCase = document.case;
        }
      });
    }
  });

  it("a re-ban carries the ban it replaced; history carries the player's cases in snake_case", async () => {
    const first = await documentOf("ban", ["ban", "json-4", "3"]);
    expect(first.player).toEqual({
      typed: "json-4",
      gamer_id: "json-4",
      name: "Player json-4",
      matched_by: "id",
      last_seen_at: expect.any(String),
    });
    const again = await documentOf("ban", ["ban", "player JSON-4", "10"]);
    expect(again.player).toMatchObject({ typed: "player JSON-4", matched_by: "name" });
    expect(again.notices).toContain("player JSON-4 is json-4");
    expect(first.data).toMatchObject({ previous_ban: null, ban: { count: 1 } });
    expect(again.data).toMatchObject({ previous_ban: { count: 1 }, ban: { count: 2 } });
    const history = await documentOf("history", ["history", "json-4"]);
    expect(history.data).toMatchObject({
      gamer_id: "json-4",
      cases: [
        { number: again.case, command: "ban", platform: "cli" },
        { number: first.case, command: "ban" },
      ],
    });
  });

  it("an unban that changed nothing says was_banned: false", async () => {
    const document = await documentOf("unban", ["unban", "json-never"]);
    expect(document).toMatchObject({ outcome: "warning", data: { was_banned: false } });
  });

  it("the case number in the document is the one the text names", async () => {
    const text = await cli(["ban", "json-5", "2"]);
    const textCase = Number(/Case #(\d+)/.exec(text.stdout)?.[1]);
    const document = await documentOf("ban", ["ban", "json-6", "2"]);
    expect(document.case).toBe(textCase + 1);
    expect(document.notices).not.toContain(`Case #${document.case}`);
  });
});

describe("--json: a failure is a document on stdout too, with the same line and exit code", () => {
  async function failure(args: string[], env: Record<string, string> = {}) {
    const run: CliRun = await cli([...args, "--json"], env);
    expect(lines(run.stderr)).toHaveLength(1);
    const document = failureDocument.parse(JSON.parse(run.stdout));
    // The same words as the line on stderr.
    expect(run.stderr).toBe(`chatwarden: ${document.error.message}\n`);
    expect(camelKeys(document)).toEqual([]);
    return { run, document };
  }

  it.each([
    [["ban", "json-1", "0"], 64, "usage", "days must be a whole number"],
    [["frobnicate"], 64, "usage", 'Unknown command "frobnicate"'],
    [["channels", "delete", "global", "server-1"], 64, "usage", "--yes"],
  ])("%j exits %d, kind %s", async (args, code, kind, message) => {
    const { run, document } = await failure(args);
    expect(run.code).toBe(code);
    expect(document).toMatchObject({ outcome: "error", error: { kind }, case: null });
    expect(document.error.message).toContain(message);
  });

  it("a chat API failure exits 1 and names the failed case", async () => {
    emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: { status: 500, body: '{"message":"boom","code":500,"error":true}' },
    });
    const { run, document } = await failure(["ban", "json-7", "3"]);
    expect(run.code).toBe(1);
    expect(document.error).toMatchObject({ kind: "failed" });
    expect(document.error.message).toContain("boom");
    expect(document.case).toEqual(expect.any(Number));
  });

  it("a configuration problem exits 1, kind configuration", async () => {
    const { run, document } = await failure(["bans"], { CHAT_API_TIMEOUT_MS: "soon" });
    expect(run.code).toBe(1);
    expect(document.error.kind).toBe("configuration");
    expect(document.error.message).toContain("CHAT_API_TIMEOUT_MS");
  });

  it("no chat API configured is a configuration problem too", async () => {
    const run = await runCli(["bans", "--json"], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(failureDocument.parse(JSON.parse(run.stdout)).error.kind).toBe("configuration");
  });

  it("without --json, stdout stays empty", async () => {
    const run = await cli(["ban", "json-1", "0"]);
    expect(run).toMatchObject({ code: 64, stdout: "" });
  });
});
