// The logger as written to its file descriptor: JSON lines for collectors, one readable line per
// record for people, the format following the destination unless chosen, and secrets redacted
// in both.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger, type LoggerOptions } from "../src/log.js";

const folder = mkdtempSync(join(tmpdir(), "chatwarden-log-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SECRET = "fake-secret-value-for-redaction";
let files = 0;

/** Logs through a real file descriptor and returns what was written. */
function written(
  options: Omit<LoggerOptions, "destination">,
  log: (logger: ReturnType<typeof createLogger>) => void,
): string {
  const path = join(folder, `log-${files++}.txt`);
  const fd = openSync(path, "w");
  try {
    log(createLogger({ ...options, destination: fd }));
  } finally {
    closeSync(fd);
  }
  return readFileSync(path, "utf8");
}

function withSecrets(logger: ReturnType<typeof createLogger>): void {
  logger.info(
    {
      token: SECRET,
      headers: { authorization: `Bearer ${SECRET}` },
      request: { token: SECRET, secret: SECRET },
      password: SECRET,
    },
    "calling the API",
  );
}

describe("the JSON format", () => {
  it("is one JSON object per line, and what a file gets unless told otherwise", () => {
    const text = written({ level: "info" }, (logger) => {
      logger.child({ adapter: "discord" }).warn({ code: 1006 }, "Discord gateway down");
      logger.debug("not at info");
    });
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: 40,
      app: "chatwarden",
      adapter: "discord",
      code: 1006,
      msg: "Discord gateway down",
    });
  });

  it("redacts secrets", () => {
    const text = written({ level: "info", format: "json" }, withSecrets);
    expect(text).not.toContain(SECRET);
    expect(text).toContain("[redacted]");
  });
});

describe("the pretty format", () => {
  it("is one line per record: time, level, part, message, fields", () => {
    const text = written({ level: "info", format: "pretty" }, (logger) => {
      logger.child({ adapter: "discord" }).warn({ shard: 0 }, "Discord gateway down (close 1006)");
      logger.info({ port: 3000 }, "HTTP server listening");
    });
    expect(text.split("\n")).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d WARN {2}discord {2}Discord gateway down \(close 1006\) shard=0$/,
      ),
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}HTTP server listening port=3000$/),
      "",
    ]);
  });

  it("redacts secrets", () => {
    const text = written({ level: "info", format: "pretty" }, withSecrets);
    expect(text).not.toContain(SECRET);
    expect(text).toContain("[redacted]");
    expect(text.trimEnd().split("\n")).toHaveLength(1);
  });

  it("shows an error by its message, and its stack only at debug", () => {
    const failure = new Error("connect ECONNREFUSED 127.0.0.1:9");
    const atInfo = written({ level: "info", format: "pretty" }, (logger) =>
      logger.warn({ err: failure }, "could not reach Discord"),
    );
    expect(atInfo).toMatch(
      /WARN {2}could not reach Discord err="connect ECONNREFUSED 127.0.0.1:9"\n$/,
    );
    expect(atInfo.trimEnd().split("\n")).toHaveLength(1);

    const atDebug = written({ level: "debug", format: "pretty" }, (logger) =>
      logger.warn({ err: failure }, "could not reach Discord"),
    );
    expect(atDebug.split("\n")[1]).toMatch(/^ {4}Error: connect ECONNREFUSED/);
    expect(atDebug).toContain("log.test.ts");
  });
});
