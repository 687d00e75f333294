// `chatwarden manifest` as operators run it: no token, no chat API, no store; the Slack output
// is the checked-in slack-manifest.yml byte for byte (the build writes it from the binary), the
// Discord output the registered JSON.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { offlineCatalogue } from "../../adapters/console/offline-catalogue.js";
import { parseConfig } from "../../src/config.js";
import { runCli } from "./cli-process.js";

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

const optionSchema = z.object({ type: z.number(), name: z.string(), description: z.string() });
const definitionsSchema = z.array(
  z.object({
    type: z.literal(1),
    name: z.string(),
    description: z.string().min(1).max(100),
    options: z.array(optionSchema.loose()),
    default_member_permissions: z.string().nullable(),
  }),
);

describe("chatwarden manifest", () => {
  it("slack prints slack-manifest.yml", async () => {
    const result = await runCli(["manifest", "slack"], {});
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout, "npm run build rewrites slack-manifest.yml").toBe(
      readFileSync(new URL("../../slack-manifest.yml", import.meta.url), "utf8"),
    );
  });

  it("slack-manifest.yml is written by the build as a fresh checkout has it, whatever the settings", async () => {
    // The build's last step, run where a developer's .env and shell ask for reasons: the
    // manifest it writes still shows `[--reason R]`, as on a fresh checkout.
    const root = mkdtempSync(join(tmpdir(), "chatwarden-manifest-build-"));
    try {
      symlinkSync(join(REPO_ROOT, "dist"), join(root, "dist"), "dir");
      writeFileSync(join(root, ".env"), "REQUIRE_REASON=true\n");
      const script = join(REPO_ROOT, "scripts/slack-manifest.mjs");
      const env = { ...process.env, REQUIRE_REASON: "true" };
      const code = await new Promise<number>((done) => {
        execFile(process.execPath, [script], { cwd: root, env, timeout: 10_000 }, (error) =>
          done(error ? Number(error.code ?? -1) : 0),
        );
      });
      expect(code).toBe(0);
      expect(readFileSync(join(root, "slack-manifest.yml"), "utf8")).toBe(
        readFileSync(join(REPO_ROOT, "slack-manifest.yml"), "utf8"),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("slack describes the commands in CHATWARDEN_LOCALE, never in the terminal's LANG", async () => {
    const korean = await runCli(["manifest", "slack"], { CHATWARDEN_LOCALE: "ko" });
    expect(korean.code, korean.stderr).toBe(0);
    expect(korean.stdout).toContain(
      '- command: /ban\n      description: "플레이어의 채팅을 며칠 동안 금지"\n',
    );
    expect(korean.stdout).toContain(
      'description: "모든 chatwarden 명령어 (이 워크스페이스에서 이미 쓰는 이름용)"',
    );
    // Usage stays what is typed.
    expect(korean.stdout).toContain('usage_hint: "<gamer_id> <days> [--reason R]"');
    const lang = await runCli(["manifest", "slack"], { LANG: "ko_KR.UTF-8" });
    expect(lang.stdout).toBe(
      readFileSync(new URL("../../slack-manifest.yml", import.meta.url), "utf8"),
    );
  });

  it("discord gives every command its Korean name beside the English default", async () => {
    const result = await runCli(["manifest", "discord"], { LANG: "ko_KR.UTF-8" });
    const ban = z
      .array(z.object({ name: z.string(), description: z.string() }).loose())
      .parse(JSON.parse(result.stdout))
      .find((definition) => definition.name === "ban");
    expect(ban).toMatchObject({
      description: "Ban a player from chat for a number of days",
      name_localizations: { ko: "채팅금지" },
    });
  });

  it("slack --http points the app at the bot's /slack/events", async () => {
    const result = await runCli(["manifest", "slack", "--http", "https://bot.example.com"], {});
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("request_url: https://bot.example.com/slack/events");
    expect(result.stdout).toContain("socket_mode_enabled: false");
  });

  it("discord prints the definitions, one per top-level name of the catalogue", async () => {
    const result = await runCli(["manifest", "discord"], {});
    expect(result.code, result.stderr).toBe(0);
    const definitions = definitionsSchema.parse(JSON.parse(result.stdout));
    const names = offlineCatalogue(parseConfig({})).topLevelNames();
    expect(definitions.map((definition) => definition.name)).toEqual(names);
  });

  it.each([
    [[], "manifest: name the platform, slack or discord"],
    [["teams"], 'manifest: no platform "teams": slack or discord'],
    [["slack", "--yaml"], "manifest: no option --yaml"],
    [["slack", "--http", "http://bot.example.com"], "--http takes the https:// URL"],
    [["discord", "--http", "https://bot.example.com"], "--http is for slack only"],
  ])("refuses %j with exit code 64 and one line", async (args, message) => {
    const result = await runCli(["manifest", ...args], {});
    expect(result.code).toBe(64);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("--help explains it and prints nothing else", async () => {
    const result = await runCli(["manifest", "--help"], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^usage: chatwarden manifest slack \[--http URL\]\n/);
  });
});
