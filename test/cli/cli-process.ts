// The built `chatwarden` run as a process, the way scripts and operators run it: its exit code,
// stdout and stderr. It runs in a directory of its own, so no developer's .env is read, and with
// none of the caller's chat API settings unless the test gives them.
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
export const CLI = join(REPO_ROOT, "dist/cli.js");
const TIMEOUT_MS = 10_000;

export interface CliRun {
  /** The exit code; -1 when the process was killed (it did not end within the time limit). */
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  const {
    CHAT_API_BASE_URL: _url,
    CHAT_API_TOKEN: _token,
    NO_COLOR: _noColour,
    DATA_DIR: _dataDir,
    PORT: _port,
    ...inherited
  } = process.env;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd: options.cwd ?? env.DATA_DIR ?? tmpdir(),
        env: { ...inherited, ...env },
        timeout: options.timeoutMs ?? TIMEOUT_MS,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

export const lines = (text: string) => text.split("\n").filter((line) => line !== "");
