// `.env`: Node's parser for what it does well, and a warning naming the line for what is not
// KEY=value, which is left out instead of spoiling the line after it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadDotEnv } from "../src/config.js";
import { parseDotEnv } from "../src/dotenv.js";

describe("parseDotEnv", () => {
  it("reads what Node reads: quotes, comments, export, multi-line values, CRLF", () => {
    const text = [
      "# the chat API",
      "CHAT_API_BASE_URL=https://api.example.test/chat/v1",
      "export CHAT_TIMEZONE = Asia/Seoul",
      "REQUIRE_REASON=true # a comment",
      "SLACK_ADMIN_USER_IDS='U0123ABCD,U0456EFGH'",
      'PRIVATE="first line',
      'second line"',
      "",
      "EMPTY=",
      "EQUALS==x",
      "",
    ].join("\r\n");
    expect(parseDotEnv(text)).toEqual({
      values: {
        CHAT_API_BASE_URL: "https://api.example.test/chat/v1",
        CHAT_TIMEZONE: "Asia/Seoul",
        REQUIRE_REASON: "true",
        SLACK_ADMIN_USER_IDS: "U0123ABCD,U0456EFGH",
        PRIVATE: "first line\nsecond line",
        EMPTY: "",
        EQUALS: "=x",
      },
      warnings: [],
    });
  });

  it("names each line that is not KEY=value, and keeps it from spoiling the next", () => {
    const text = [
      "CHAT_API_TOKEN secret-token",
      "DATA_DIR=/var/lib/chatwarden",
      "=orphan",
      "PORT=3001",
      "just some words",
      "MAX BAN DAYS=10",
      "LOG_LEVEL=debug",
    ].join("\n");
    const { values, warnings } = parseDotEnv(text);
    expect(values).toEqual({ DATA_DIR: "/var/lib/chatwarden", PORT: "3001", LOG_LEVEL: "debug" });
    expect(warnings).toEqual([
      ".env line 1 is not KEY=value, so it was ignored",
      ".env line 3 is not KEY=value, so it was ignored",
      ".env line 5 is not KEY=value, so it was ignored",
      ".env line 6 is not KEY=value, so it was ignored",
    ]);
    // The line's text may hold a secret (a token missing its =): never repeated.
    expect(warnings.join("\n")).not.toContain("secret-token");
  });

  it("counts lines inside a multi-line value, and reads an unclosed quote as one line", () => {
    const text = [
      'KEY="-----BEGIN KEY-----',
      "abc",
      '-----END KEY-----"',
      "oops",
      'OPEN="no end',
      "B=2",
    ];
    const { values, warnings } = parseDotEnv(text.join("\n"), "/etc/chatwarden.env");
    expect(values).toEqual({
      KEY: "-----BEGIN KEY-----\nabc\n-----END KEY-----",
      OPEN: '"no end',
      B: "2",
    });
    expect(warnings).toEqual(["/etc/chatwarden.env line 4 is not KEY=value, so it was ignored"]);
  });

  it("ignores a byte-order mark and tolerates spacing around export", () => {
    expect(parseDotEnv("\ufeffPORT=3002\nexport  LOG_LEVEL=warn\n").values).toEqual({
      PORT: "3002",
      LOG_LEVEL: "warn",
    });
  });
});

describe("loadDotEnv", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("sets what the environment does not already set, and returns the warnings to print", () => {
    dir = mkdtempSync(join(tmpdir(), "chatwarden-dotenv-"));
    const path = join(dir, ".env");
    writeFileSync(path, "PORT=3003\nLOG_LEVEL=debug\nnot a setting\n");
    const env: Record<string, string | undefined> = { LOG_LEVEL: "warn" };
    expect(loadDotEnv(path, env)).toEqual([`${path} line 3 is not KEY=value, so it was ignored`]);
    expect(env).toEqual({ PORT: "3003", LOG_LEVEL: "warn" });
  });

  it("does nothing without a file", () => {
    const env: Record<string, string | undefined> = {};
    expect(loadDotEnv(join(tmpdir(), "no-such-dir-chatwarden", ".env"), env)).toEqual([]);
    expect(env).toEqual({});
  });
});
