// One-shot commands load only what they need: never discord.js or bolt (hundreds of modules and
// tens of MB), which load only when serve starts their adapter. The built binary runs with a
// loader hook that records every module it imports.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/server.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { runCli } from "./cli-process.js";

const HOOK = join(import.meta.dirname, "../helpers/record-imports.mjs");
// prom-client too: only serve has /metrics; and pino, which a one-shot needs only at LOG_LEVEL=debug.
const PLATFORM_LIBRARIES = [
  "discord.js",
  "@slack/bolt",
  "@slack/web-api",
  "@slack/socket-mode",
  "prom-client",
  "pino",
];

let emulator: RunningEmulator;
let folder: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  folder = mkdtempSync(join(tmpdir(), "chatwarden-imports-"));
});
afterAll(async () => {
  await emulator.close();
  rmSync(folder, { recursive: true, force: true });
});

async function importsOf(args: string[], name: string): Promise<string[]> {
  const file = join(folder, `${name}.txt`);
  const result = await runCli(
    args,
    {
      NODE_OPTIONS: `--import ${HOOK}`,
      RECORD_IMPORTS_TO: file,
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: join(folder, "data"),
      // Configured platforms must still not load for a one-shot command.
      DISCORD_TOKEN: "fake-discord-token",
      DISCORD_APPLICATION_ID: "100000000000000001",
      DISCORD_GUILD_ID: "100000000000000002",
      SLACK_BOT_TOKEN: "fake-slack-token",
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
});
