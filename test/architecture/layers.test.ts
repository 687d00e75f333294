// The folders show the layers, and the import rule behind them fails the build
// (scripts/check-layers.mjs, run by `npm run lint`): here on this tree, and on copies of it with
// one forbidden import added, as a change that broke the rule would.
import { execFile } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const CHECK = join(ROOT, "scripts/check-layers.mjs");
const run = promisify(execFile);

/** The check's exit code and what it printed, run on `root`. */
async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stderr } = await run(process.execPath, [CHECK, root]);
    return { code: 0, output: stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** A copy of the four layers, with `line` added to the end of `file`. */
function copyWith(file: string, line: string): string {
  const copy = mkdtempSync(join(tmpdir(), "chatwarden-layers-"));
  copies.push(copy);
  for (const folder of ["src", "adapters", "app", "emulator"]) {
    cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
  }
  appendFileSync(join(copy, file), `\n${line}\n`);
  return copy;
}

describe("the import rule between the layers", () => {
  it("holds on this tree", async () => {
    expect(await check(ROOT)).toEqual({ code: 0, output: "" });
  });

  it.each([
    [
      "the core importing an adapter",
      "src/feed/poller.ts",
      'import { DiscordDestination } from "../../adapters/discord/destination.js";',
      "src/feed/poller.ts: imports adapters/discord/destination.ts: the core imports no adapter, composition root or emulator",
    ],
    [
      "the core importing the composition root",
      "src/catalogue/runner.ts",
      'export { serve } from "../../app/run-app.js";',
      "src/catalogue/runner.ts: imports app/run-app.ts: the core imports no adapter, composition root or emulator",
    ],
    [
      "the core importing the emulator",
      "src/store/store.ts",
      'const emulator = await import("../../emulator/server.js");',
      "src/store/store.ts: imports emulator/server.ts: the core imports no adapter, composition root or emulator",
    ],
    [
      "the core importing a platform library",
      "src/moderation/cases.ts",
      'import { Client } from "discord.js";',
      "src/moderation/cases.ts: imports discord.js: the core knows no chat platform",
    ],
    [
      "an adapter reaching past the core's public entry",
      "adapters/slack/render.ts",
      'import { ReportStore } from "../../src/feed/report-store.js";',
      "adapters/slack/render.ts: imports src/feed/report-store.ts: adapters reach the core through src/index.ts",
    ],
    [
      "an adapter importing another",
      "adapters/discord/render.ts",
      'import { mrkdwn } from "../slack/mrkdwn.js";',
      "adapters/discord/render.ts: imports adapters/slack/mrkdwn.ts: an adapter imports no other adapter",
    ],
    [
      "an adapter importing the emulator",
      "adapters/console/repl.ts",
      'import { startEmulator } from "../../emulator/server.js";',
      "adapters/console/repl.ts: imports emulator/server.ts: an adapter imports no composition root or emulator",
    ],
    [
      "the emulator importing an adapter",
      "emulator/server.ts",
      'import { renderView } from "../adapters/console/render.js";',
      "emulator/server.ts: imports adapters/console/render.ts: the emulator imports no adapter or composition root",
    ],
  ])("fails the build on %s", async (_case, file, line, expected) => {
    const result = await check(copyWith(file, line));
    expect(result.code).toBe(1);
    expect(result.output).toContain(expected);
  });
});
