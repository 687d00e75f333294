// The built `chatwarden emulator` in a child process, for benchmarks that need the real chat/v1
// emulator without its work landing in the measuring process.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { firstLine, stopChild } from "./processes.js";

export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

export interface EmulatorProcess {
  /** e.g. http://127.0.0.1:41234/chat/v1 */
  baseUrl: string;
  /** POST /__control/reports (with `controls`): a report arrives, as a player would report. */
  injectReport(report: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function startEmulatorProcess(options: {
  token: string;
  seed: "demo" | "empty";
  controls?: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<EmulatorProcess> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const args = [CLI, "emulator", "--port", "0", "--seed", options.seed, "--token", options.token];
  const child = spawn(process.execPath, options.controls ? [...args, "--controls"] : args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = /listening at (\S+)/.exec(await firstLine(child))?.[1];
  if (baseUrl === undefined) {
    await stopChild(child);
    throw new Error("the emulator did not say where it listens");
  }
  const origin = new URL(baseUrl).origin;
  return {
    baseUrl,
    async injectReport(report) {
      const response = await request(`${origin}/__control/reports`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(report),
      });
      const answer = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`injecting a report: ${answer}`);
    },
    close: () => stopChild(child),
  };
}
