// Adding a command is one file. A copy of the package gets one new file in src/commands/ and
// nothing else; the build runs there, and the command is on every surface: Discord's definitions,
// the Slack manifest (rewritten by the build), Slack's parsing and usage answers, the console's
// help and completion, and the one-shot CLI against the emulator.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ConsoleCompletion from "../../adapters/console/completion.js";
import type * as SlackParse from "../../adapters/slack/parse.js";
import type * as SlackUsage from "../../adapters/slack/usage.js";
import type { RunningEmulator } from "../../emulator/server.js";
import type { Catalogue } from "../../src/catalogue/catalogue.js";
import type * as CommandList from "../../src/command-list.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
/** What the build, the binary and the lint need; node_modules is linked, not copied. */
const COPIED = [
  "src",
  "adapters",
  "app",
  "emulator",
  "scripts",
  "package.json",
  "tsconfig.json",
  "biome.json",
  ".gitignore",
  "slack-manifest.yml",
];

/** The one file: a read-only command with an argument, as a contributor would write it. */
const PING_FILE = `import { gamerIdArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";

export const pingCommand = () =>
  defineCommand({
    name: "ping",
    summary: "Check that the chat API answers, reading one player's ban",
    args: { gamer_id: gamerIdArgument("the player whose ban to read", "banned-gamer") },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id }, { api }) {
      const banned = (await api.listBans()).some((ban) => ban.gamer_id === gamer_id);
      return {
        outcome: "info",
        title: \`pong: \${gamer_id} is \${banned ? "banned" : "not banned"}\`,
        visibility: "private",
        data: { gamer_id, banned },
      };
    },
  });
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done) => {
    execFile(file, args, { cwd, env, timeout: 15_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

let copy = "";
let dataDir = "";
let emulator: RunningEmulator;
let catalogue: Catalogue;

/** The copy's binary, in a directory of its own (no .env) with only these settings. */
function chatwarden(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return run(process.execPath, [join(copy, "dist/cli.js"), ...args], dataDir, {
    PATH: process.env.PATH,
    ...env,
  });
}

/** A module of the copy, typed as the same module of this checkout. */
async function fromCopy<Module>(path: string): Promise<Module> {
  return (await import(pathToFileURL(join(copy, path)).href)) as Module;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

/** The lines of `after` that `before` does not have, and those it lost. */
function lineChanges(before: string, after: string) {
  const old = before.split("\n");
  const now = after.split("\n");
  return {
    added: now.filter((line) => !old.includes(line)),
    removed: old.filter((line) => !now.includes(line)),
  };
}

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "chatwarden-one-file-"));
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-one-file-data-"));
  for (const entry of COPIED)
    cpSync(join(REPO_ROOT, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  writeFileSync(join(copy, "src/commands/ping.ts"), PING_FILE);

  const build = await run("npm", ["run", "build"], copy, process.env);
  if (build.code !== 0) throw new Error(`the build failed in ${copy}:\n${build.stderr}`);

  const { createCatalogue } = await fromCopy<typeof CommandList>("src/command-list.ts");
  catalogue = createCatalogue({
    maxBanDays: 3650,
    confirmBanDaysOver: 30,
    requireReason: false,
    chatTimeZone: "UTC",
  });
  emulator = await startTestEmulator();
}, 30_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(copy, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a command added as one file in src/commands/", () => {
  it("is listed by the build, and nothing else in the list changes", async () => {
    expect(
      lineChanges(read(REPO_ROOT, "src/command-list.ts"), read(copy, "src/command-list.ts")),
    ).toEqual({
      added: ['import { pingCommand } from "./commands/ping.js";', "  pingCommand,"],
      removed: [],
    });
    const lint = await run(
      join(copy, "node_modules/.bin/biome"),
      ["check", "src/command-list.ts"],
      copy,
      process.env,
    );
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
  });

  it("is a Discord slash command with its option", async () => {
    const printed = await chatwarden(["manifest", "discord"]);
    expect(printed.code, printed.stderr).toBe(0);
    const definitions = JSON.parse(printed.stdout) as Array<{ name: string }>;
    expect(definitions.find((definition) => definition.name === "ping")).toEqual({
      type: 1,
      name: "ping",
      description: "Check that the chat API answers, reading one player's ban",
      options: [
        {
          type: 3,
          name: "gamer_id",
          description: "the player whose ban to read: a gamer_id, or a name the bot has seen",
          // The option's name comes from the catalogue. Its description has a plain string in
          // it (the purpose), so a Korean client reads it whole in English, not half and half
          // (docs/contributing.md).
          name_localizations: { ko: "플레이어" },
          required: true,
          max_length: 100,
          autocomplete: true,
        },
      ],
      // Manage Messages: who may use moderator commands.
      default_member_permissions: "8192",
    });
  });

  it("is in the Slack manifest the build wrote, which is what the binary prints", async () => {
    const written = read(copy, "slack-manifest.yml");
    expect(lineChanges(read(REPO_ROOT, "slack-manifest.yml"), written)).toEqual({
      added: [
        "    - command: /ping",
        "      description: Check that the chat API answers, reading one player's ban",
      ],
      removed: [],
    });
    expect(written).toContain(
      [
        "    - command: /ping",
        "      description: Check that the chat API answers, reading one player's ban",
        '      usage_hint: "<gamer_id>"',
        "      should_escape: false",
      ].join("\n"),
    );
    const printed = await chatwarden(["manifest", "slack"]);
    expect(printed.stdout).toBe(written);
  });

  it("is read and explained by the Slack adapter, alone and after /chatwarden", async () => {
    const { planSlashCommand, slashCommandNames } =
      await fromCopy<typeof SlackParse>("adapters/slack/parse.ts");
    const { usageView } = await fromCopy<typeof SlackUsage>("adapters/slack/usage.ts");
    expect(slashCommandNames(catalogue)).toContain("ping");
    const planned = { kind: "run", command: "ping", args: { gamer_id: "gamer-42" } };
    expect(planSlashCommand("ping", "gamer-42", catalogue)).toEqual(planned);
    expect(planSlashCommand("chatwarden", "ping gamer-42", catalogue)).toEqual(planned);
    expect(planSlashCommand("ping", "help", catalogue)).toEqual({ kind: "usage", group: "ping" });
    const usage = usageView(catalogue, { slash: "ping", group: "ping" });
    expect(usage.fields).toEqual([
      {
        label: "/ping <gamer_id>",
        value: [
          "Check that the chat API answers, reading one player's ban. Role: moderator.",
          "gamer_id: the player whose ban to read: a gamer_id, or a name the bot has seen, e.g. gamer-42",
        ].join("\n"),
      },
    ]);
  });

  it("is in the console's help and Tab completion", async () => {
    const list = await chatwarden(["help"]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(
      /^ {2}ping <gamer_id> +Check that the chat API answers, reading one player's ban$/m,
    );
    const explained = await chatwarden(["help", "ping"]);
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout).toContain(
      [
        "chatwarden ping <gamer_id>",
        "    Check that the chat API answers, reading one player's ban. Role: moderator.",
        "    gamer_id: the player whose ban to read: a gamer_id, or a name the bot has seen, e.g. gamer-42",
      ].join("\n"),
    );
    const { commandCompleter } = await fromCopy<typeof ConsoleCompletion>(
      "adapters/console/completion.ts",
    );
    expect(commandCompleter(catalogue)("pi")).toEqual([["ping "], "pi"]);
  });

  it("runs once from the command line against the chat API", async () => {
    emulator.state.ban("gamer-42", 3);
    const env = {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
    };
    const answered = await chatwarden(["ping", "gamer-42"], env);
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toContain("pong: gamer-42 is banned");
    expect(emulator.requests.map(({ method, path }) => `${method} ${path}`)).toContain(
      "GET /block_user_list",
    );
    const refused = await chatwarden(["ping"], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("gamer_id");
  });
});
