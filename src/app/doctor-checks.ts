// Every doctor check for one configuration, in the order `chatwarden doctor` prints them:
// configuration, DATA_DIR, the chat API, then Discord and Slack when configured. The platform
// checks load their adapter's file only when that platform is configured (never discord.js or
// bolt), and the network checks run side by side, each request within its own timeout and all
// within one deadline, so a doctor run (and serve's start-up) waits a bounded time: at most
// totalTimeoutMs, plus the moment opening the store takes.
import { type Config, secretValues } from "../config.js";
import { chatApiChecks } from "../doctor/chat-api.js";
import { type CheckBudget, fail } from "../doctor/check.js";
import { configurationCheck } from "../doctor/configuration.js";
import { dataDirCheck } from "../doctor/data-dir.js";
import { Redactor } from "../redact.js";
import type { DoctorCheck } from "../runtime/component.js";

export interface DoctorOptions {
  /** Each request's limit; default 4 s. */
  requestTimeoutMs?: number;
  /** When every request still waiting gives up; default 10 s. */
  totalTimeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 4_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 10_000;

export async function doctorChecks(
  config: Readonly<Config>,
  options: DoctorOptions = {},
): Promise<DoctorCheck[]> {
  const totalMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const budget: CheckBudget = {
    signal: AbortSignal.timeout(totalMs),
    // The chat API client takes a timeout, not a signal: no request may outlast the run.
    requestTimeoutMs: Math.min(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, totalMs),
  };
  // The local checks first: opening the store is synchronous, and would stall the network
  // checks' timers if they were already running.
  const local = [configurationCheck(config), dataDirCheck(config.dataDir)];
  const { discord, slack } = config;
  const remote = await Promise.all([
    guarded("chat API", () => chatApiChecks(config, budget)),
    discord
      ? guarded("Discord", async () =>
          (await import("../../adapters/discord/doctor.js")).discordDoctorChecks(discord, budget),
        )
      : [],
    slack
      ? guarded("Slack", async () =>
          (await import("../../adapters/slack/doctor.js")).slackDoctorChecks(slack, budget),
        )
      : [],
  ]);
  // No check prints a secret; this catches one a server or a library echoed back anyway.
  const redactor = new Redactor(secretValues(config));
  return [...local, ...remote.flat()].map((check) => ({
    ...check,
    detail: redactor.text(check.detail),
    ...(check.fix === undefined ? {} : { fix: redactor.text(check.fix) }),
  }));
}

/** A check that breaks (a bug, not a finding) is one failed line, not a crashed doctor. */
async function guarded(area: string, checks: () => Promise<DoctorCheck[]>): Promise<DoctorCheck[]> {
  try {
    return await checks();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [
      fail(
        area,
        `the check itself failed: ${message}`,
        "a chatwarden bug: please report it with this line",
      ),
    ];
  }
}
