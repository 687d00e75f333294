// Whole processes for the start-up benchmarks: run one to its end, with its output read and
// dropped, and its peak memory when asked for.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MAX_RSS_HOOK = fileURLToPath(new URL("./max-rss-hook.mjs", import.meta.url));

export interface NodeRun {
  /** Arguments after `node`. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Takes each chunk of stdout instead of keeping it: for output too large to hold. */
  onStdout?: (chunk: Buffer) => void;
}

export interface Finished {
  stdout: string;
  stderr: string;
}

/** Runs `node ...args` to its end; rejects, with what it printed, unless it exits 0. */
export function runNode(run: NodeRun): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, run.args, {
      cwd: run.cwd,
      env: run.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", run.onStdout ?? ((chunk: Buffer) => stdout.push(chunk)));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      const finished = {
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      };
      if (code === 0) resolve(finished);
      else {
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        reject(new Error(`node ${run.args.join(" ")}: ${why}\n${finished.stderr}`));
      }
    });
  });
}

/** The peak resident memory of `node ...args`, in bytes, as the kernel counted it. */
export async function peakMemory(run: NodeRun): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "chatwarden-rss-"));
  const file = join(dir, "max-rss");
  try {
    await runNode({
      ...run,
      args: ["--import", MAX_RSS_HOOK, ...run.args],
      env: { ...(run.env ?? process.env), BENCH_MAX_RSS_FILE: file },
    });
    return Number(readFileSync(file, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first line the child prints, or why it never did. */
export function firstLine(child: ChildProcess): Promise<string> {
  return lineMatching(child, /^/);
}

/** The first line the child prints that matches `pattern`, or why it never did. */
export function lineMatching(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const lines = text.split("\n");
      text = lines.pop() ?? "";
      const line = lines.find((candidate) => pattern.test(candidate));
      if (line === undefined) return;
      child.stdout?.off("data", onData);
      resolve(line);
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`the child exited (${code}) before it was ready`)),
    );
    child.once("error", reject);
  });
}

/** Closes the child's stdin, which it takes as the signal to exit, and waits for it. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.stdin?.end();
    // A child that ignores its stdin (the chatwarden emulator waits for a signal) gets SIGTERM.
    if (!child.stdin) child.kill("SIGTERM");
  });
}
