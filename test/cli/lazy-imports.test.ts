// One-shot commands load only what they need: never discord.js or bolt (hundreds of modules and
// tens of MB), which load only when serve starts their adapter, never PostgreSQL's client
// without DATABASE_URL, and no store at all for a read that keeps nothing (`bans`). The built binary runs with a loader hook that records every module it
// imports; pg and Kysely's PostgreSQL dialect are bundled, so the chunks loaded are looked up in
// their source maps.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunningEmulator } from "../../emulator/server.js";
import { DATABASE_FILE } from "../../src/store/sqlite/open-sqlite.js";
import { seatPlayers, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { CLI, runCli } from "./cli-process.js";

const HOOK = join(import.meta.dirname, "../helpers/record-imports.mjs");
// prom-client too: only serve has /metrics; and pino, which a one-shot needs only at LOG_LEVEL=debug.
const PLATFORM_LIBRARIES = [
  "discord.js",
  "@slack/bolt",
  "@slack/web-api",
  "@slack/socket-mode",
  "prom-client",
  "pino",
  // The chart's libraries (src/view/chart/stats-chart.ts): only a chart loads them.
  "chart.js",
  "@napi-rs/canvas",
];

/** Bundled sources that are PostgreSQL's alone: the pg client, Kysely's dialect, our store on it. */
const POSTGRES_SOURCES = [
  "node_modules/pg/",
  "kysely/dist/esm/dialect/postgres/",
  "src/store/postgres/",
];
const CHUNKS = join(CLI, "../chunks");
const sourceMapSchema = z.object({ sources: z.array(z.string()) });

/** The bundled sources in the built chunk `file` that are PostgreSQL's. */
function postgresSourcesOf(file: string): string[] {
  return sourcesOf(file, POSTGRES_SOURCES);
}

/** The bundled sources in the built chunk `file` whose paths hold any of `parts`. */
function sourcesOf(file: string, parts: readonly string[]): string[] {
  const map = sourceMapSchema.parse(JSON.parse(readFileSync(`${file}.map`, "utf8")));
  return map.sources.filter((source) => parts.some((part) => source.includes(part)));
}

/** The built chunks `args` loads, by file name. */
async function chunksLoadedBy(args: string[], name: string, dataDir?: string): Promise<string[]> {
  return (await importsOf(args, name, dataDir))
    .map((specifier) => basename(specifier))
    .filter((file) => file.endsWith(".js") && existsSync(join(CHUNKS, file)));
}

let emulator: RunningEmulator;
let folder: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  // The players banned below are in a channel: the bot finds them there and bans without asking.
  seatPlayers(emulator.state, "gamer-42", "gamer-43", "gamer-44");
  folder = mkdtempSync(join(tmpdir(), "chatwarden-imports-"));
});
afterAll(async () => {
  await emulator.close();
  rmSync(folder, { recursive: true, force: true });
});

async function importsOf(
  args: string[],
  name: string,
  dataDir = join(folder, "data"),
): Promise<string[]> {
  const file = join(folder, `${name}.txt`);
  const result = await runCli(
    args,
    {
      NODE_OPTIONS: `--import ${HOOK}`,
      RECORD_IMPORTS_TO: file,
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
      // Configured platforms must still not load for a one-shot command.
      DISCORD_TOKEN: "fake-discord-token",
      DISCORD_APPLICATION_ID: "100000000000000001",
      DISCORD_GUILD_ID: "100000000000000002",
      SLACK_BOT_TOKEN: "xoxb-FAKE_slack-token",
      SLACK_SIGNING_SECRET: "fake-signing-secret",
    },
    { cwd: folder },
  );
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(file, "utf8").split("\n").filter(Boolean);
}

describe("what a one-shot command loads", () => {
  it.each([
    [["help"], "help"],
    [["bans"], "bans"],
    [["ban", "gamer-42", "3", "--reason", "spam"], "ban"],
  ])("%j loads no platform library", async (args, name) => {
    const imported = await importsOf(args, name);
    // The hook works: the command's own modules are in the record.
    expect(imported.some((specifier) => specifier.includes("cli.js"))).toBe(true);
    for (const library of PLATFORM_LIBRARIES) expect(imported).not.toContain(library);
  });

  it.each([
    [["bans"], "bans-store"],
    [["ban", "gamer-43", "3"], "ban-store"],
  ])("%j on SQLite loads neither pg nor any PostgreSQL part of the store", async (args, name) => {
    // The chunks that hold PostgreSQL's parts exist (so the look-up below can find them) …
    const postgresChunks = readdirSync(CHUNKS).filter(
      (file) => file.endsWith(".js") && postgresSourcesOf(join(CHUNKS, file)).length > 0,
    );
    expect(postgresChunks.length).toBeGreaterThan(0);
    // … and none of them is loaded.
    const loaded = await chunksLoadedBy(args, name);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => postgresChunks.includes(file))).toEqual([]);
    expect(loaded).not.toContain("pg");
  });
});

describe("what a one-shot read opens", () => {
  it("`bans` of more than a page neither loads SQLite nor creates the store", async () => {
    // 15 bans: two pages, whose page-turn buttons the command line could never press.
    for (let ban = 0; ban < 15; ban++) emulator.state.ban(`paged-${ban}`, 1 + ban);
    const dataDir = join(folder, "bans-only");
    const imported = await importsOf(["bans"], "bans-paged", dataDir);
    expect(imported).not.toContain("better-sqlite3");
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
  });

  it("`ban` opens it: its case is recorded before the chat API is asked", async () => {
    const dataDir = join(folder, "ban-records");
    const imported = await importsOf(["ban", "gamer-44", "3"], "ban-opens", dataDir);
    expect(imported).toContain("better-sqlite3");
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);
  });
});

describe("what a one-shot measures its answer with", () => {
  const STRING_WIDTH = ["node_modules/string-width/"];

  it("`bans` in plain ASCII loads no string-width (terminal widths of emoji and CJK)", async () => {
    const loaded = await chunksLoadedBy(["bans"], "bans-ascii", join(folder, "ascii"));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => sourcesOf(join(CHUNKS, file), STRING_WIDTH).length > 0)).toEqual(
      [],
    );
  });

  it("`bans` loads it once a player's id goes beyond ASCII and Hangul (Japanese)", async () => {
    emulator.state.ban("ゲーマー-7", 2);
    const loaded = await chunksLoadedBy(["bans"], "bans-korean", join(folder, "korean"));
    expect(loaded.some((file) => sourcesOf(join(CHUNKS, file), STRING_WIDTH).length > 0)).toBe(
      true,
    );
  });
});

describe("what a one-shot speaks with", () => {
  const KOREAN = ["src/i18n/messages/ko/"];

  it("`bans` in English loads the English catalogue only, not the Korean one", async () => {
    const loaded = await chunksLoadedBy(["bans"], "bans-english", join(folder, "english"));
    expect(loaded.filter((file) => sourcesOf(join(CHUNKS, file), KOREAN).length > 0)).toEqual([]);
    // The Korean catalogue is in the binary, in a chunk of its own for who asks for it.
    const chunks = readdirSync(CHUNKS).filter((file) => file.endsWith(".js"));
    expect(chunks.some((file) => sourcesOf(join(CHUNKS, file), KOREAN).length > 0)).toBe(true);
  });
});

describe("what the binary holds", () => {
  it("the message catalogues compiled, and FormatJS without its ICU parser", () => {
    const parser = readdirSync(CHUNKS)
      .filter((file) => file.endsWith(".js"))
      .flatMap((file) =>
        sourcesOf(join(CHUNKS, file), [
          "icu-messageformat-parser/lib/parser.js",
          "icu-skeleton-parser/",
        ]),
      );
    expect(parser).toEqual([]);
  });

  it("zod's error messages in English only: the one language chatwarden speaks", () => {
    const locales = readdirSync(CHUNKS)
      .filter((file) => file.endsWith(".js"))
      .flatMap((file) => sourcesOf(join(CHUNKS, file), ["node_modules/zod/v4/locales/"]))
      .map((source) => basename(source));
    // index.js is z.locales itself, cut to `en` by the build (scripts/bundle-cli.mjs).
    expect(locales.filter((file) => file !== "index.js")).toEqual(["en.js"]);
  });
});
