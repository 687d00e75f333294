// Every doctor check for one configuration, in the order `chatwarden doctor` prints them:
// configuration, the store (DATA_DIR, or the database at DATABASE_URL), the chat API, then
// Discord and Slack when configured. Each area is
// also its component's doctor check, so serve's start-up runs the same ones over its components. The platform
// checks load their adapter's file only when that platform is configured (never discord.js or
// bolt), and the network checks run side by side, each request within its own timeout and all
// within one deadline, so a doctor run (and serve's start-up) waits a bounded time: at most
// totalTimeoutMs, plus the moment opening the store takes.
import { type Config, secretValues } from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import { Redactor } from "../../src/redact.js";
import type { CheckBudget, DoctorCheck } from "../../src/runtime/component.js";
import type { StoreSettings } from "../../src/store/open-store.js";
import { chatApiChecks } from "./chat-api.js";
import { fail } from "./check.js";
import { configurationCheck } from "./configuration.js";

export interface DoctorOptions {
  /** Each request's limit; default 4 s. */
  requestTimeoutMs?: number;
  /** When every request still waiting gives up; default 10 s. */
  totalTimeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 4_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 10_000;

/** The checks of one part of the set-up, as a component offers them (Component.doctor). */
export interface DoctorArea {
  /** What a check that breaks is reported as: "chat API", "Discord". */
  name: string;
  doctor(budget: CheckBudget): Promise<DoctorCheck[]>;
}

/**
 * `chatwarden doctor`: every check for this configuration, without starting anything. The areas
 * are the components serve would start, each checked by the same function its component uses.
 */
export function doctorChecks(
  config: Readonly<Config>,
  options: DoctorOptions = {},
): Promise<DoctorCheck[]> {
  const { discord, slack } = config;
  const areas: DoctorArea[] = [
    storeDoctor(storeSettingsOf(config)),
    chatApiDoctor(config),
    ...(discord ? [discordDoctor(discord)] : []),
    ...(slack ? [slackDoctor(slack)] : []),
  ];
  return runDoctor(config, areas, options);
}

/**
 * The configuration's check, then every area's, side by side within one budget; each line is
 * redacted of every configured secret. Serve runs it over its components at start-up.
 */
export async function runDoctor(
  config: Readonly<Config>,
  areas: readonly DoctorArea[],
  options: DoctorOptions = {},
): Promise<DoctorCheck[]> {
  const totalMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const budget: CheckBudget = {
    signal: AbortSignal.timeout(totalMs),
    // The chat API client takes a timeout, not a signal: no request may outlast the run.
    requestTimeoutMs: Math.min(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, totalMs),
  };
  const checked = await Promise.all(
    areas.map((area) => guarded(area.name, () => area.doctor(budget))),
  );
  // No check prints a secret; this catches one a server or a library echoed back anyway.
  const redactor = new Redactor(secretValues(config));
  return [configurationCheck(config), ...checked.flat()].map((check) => ({
    ...check,
    detail: redactor.text(check.detail),
    ...(check.fix === undefined ? {} : { fix: redactor.text(check.fix) }),
  }));
}

/** Where the configuration keeps the store: what openStore and the store's check are given. */
export function storeSettingsOf(config: Readonly<Config>): StoreSettings {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl?.reveal() };
}

/**
 * The store component's check: the database at DATABASE_URL when it is set (reachable, schema
 * current; pg loads only then), otherwise DATA_DIR (synchronous: it opens the SQLite file;
 * better-sqlite3 loads only then, never for a one-shot command that keeps nothing).
 */
export function storeDoctor(settings: StoreSettings): DoctorArea {
  const { databaseUrl } = settings;
  if (databaseUrl) {
    return {
      name: "database",
      doctor: async (budget) => [
        await (await import("./database.js")).databaseCheck(databaseUrl, budget),
      ],
    };
  }
  return {
    name: "DATA_DIR",
    doctor: async () => [(await import("./data-dir.js")).dataDirCheck(settings.dataDir)],
  };
}

export function chatApiDoctor(config: Readonly<Config>): DoctorArea {
  return { name: "chat API", doctor: (budget) => chatApiChecks(config, budget) };
}

/** Loads the Discord checks (plain HTTP, never discord.js) only when Discord is configured. */
export function discordDoctor(discord: NonNullable<Config["discord"]>): DoctorArea {
  return {
    name: "Discord",
    doctor: async (budget) => (await import("./discord.js")).discordDoctorChecks(discord, budget),
  };
}

export function slackDoctor(slack: NonNullable<Config["slack"]>): DoctorArea {
  return {
    name: "Slack",
    doctor: async (budget) => (await import("./slack.js")).slackDoctorChecks(slack, budget),
  };
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
        t("terminal.doctor.checkFailed", { message }),
        t("terminal.doctor.checkFailedFix"),
      ),
    ];
  }
}
