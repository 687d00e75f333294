// The composition root of the long-running commands. `chatwarden serve` and `chatwarden demo`
// build the same app from components (src/runtime/component.ts), started in order and stopped in
// reverse by one lifecycle:
//   emulator (demo only) → store → chat-api → http → slack → leader → console,
// where leader work (components/leader-work.ts) runs the poller, the ban sync, Discord and each
// platform's drainers (once it is up) while this replica leads: always with SQLite, by election with
// PostgreSQL.
// With no chat API configured, serve is the demo: the built-in emulator with demo data, its cases
// in DATA_DIR/demo (SQLite, even with DATABASE_URL set: demo cases stay out of the shared
// database), HTTP on 127.0.0.1 only, and at a terminal the console.

import type { ConsoleOutput } from "../adapters/console/repl.js";
import { terminalPresentation } from "../adapters/console/terminal-presentation.js";
import { DEMO_TOKEN } from "../emulator/usage.js";
import { type Config, secretValues } from "../src/config.js";
import { type Core, createCore } from "../src/core.js";
import { destinationNames, NO_DESTINATIONS } from "../src/feed/destination-names.js";
import { ReportFeed } from "../src/feed/feed.js";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "../src/i18n/locales.js";
import { PLAIN_PRESENTATION, presenting } from "../src/i18n/presentation.js";
import { loadLocales, t } from "../src/i18n/translate.js";
import { createLogger, type Logger } from "../src/log.js";
import { metricsHandler } from "../src/metrics/endpoint.js";
import { Metrics } from "../src/metrics/metrics.js";
import { settlePendingCases } from "../src/moderation/pending-cases.js";
import type { DoctorCheck } from "../src/runtime/component.js";
import { type Leadership, SoleLeadership } from "../src/runtime/leadership.js";
import type { StoreSettings } from "../src/store/open-store.js";
import { PROCESS_OWNER } from "../src/store/process-owner.js";
import { BanSyncComponent } from "./components/ban-sync.js";
import { ChatApiComponent } from "./components/chat-api.js";
import { ConsoleComponent } from "./components/console.js";
import { DiscordComponent, type PlatformHooks } from "./components/discord.js";
import { drainerComponent } from "./components/drainer.js";
import { EmulatorComponent } from "./components/emulator.js";
import { HttpComponent } from "./components/http.js";
import { LeaderWork } from "./components/leader-work.js";
import { minuteLooksComponent } from "./components/minute-looks.js";
import { pollerComponent } from "./components/poller.js";
import { SlackComponent } from "./components/slack.js";
import { storeComponent, storeLiveness } from "./components/store.js";
import { demoEmulatorBanner, demoFolderLine, demoLogger, freshDemoFolder } from "./demo.js";
import { chatApiDoctor, runDoctor, storeSettingsOf } from "./doctor/checks.js";
import { Lifecycle } from "./lifecycle.js";
import { stopOnSignals } from "./signals.js";

/** Where the demo's HTTP server listens: this machine only, as the demo's emulator does. */
const LOOPBACK = "127.0.0.1";

export interface AppPlan {
  /** HTTP (/healthz, /readyz, /metrics, Slack's HTTP mode) and the platforms: serve, not demo. */
  serving: boolean;
  /** The console on this process's terminal. */
  console: boolean;
  /** No chat API configured: the built-in emulator with demo data, in a folder of its own. */
  demo: boolean;
}

/** `chatwarden serve`. */
export function serve(config: Readonly<Config>, out: ConsoleOutput): Promise<void> {
  const demo = config.chatApi === undefined;
  return runApp(config, out, {
    serving: true,
    demo,
    console: demo && process.stdin.isTTY === true,
  });
}

/** `chatwarden demo`: the emulator, the feed and the console; no HTTP, no platform. */
export function runDemo(config: Readonly<Config>, out: ConsoleOutput): Promise<void> {
  return runApp(config, out, { serving: false, demo: true, console: true });
}

/**
 * Runs until a stop signal, the operator leaving the console, or a component failing for good
 * (then it rethrows that failure, after stopping everything else).
 */
export async function runApp(
  config: Readonly<Config>,
  out: ConsoleOutput,
  plan: AppPlan,
): Promise<void> {
  const demoFolder = plan.demo ? freshDemoFolder(config.dataDir) : undefined;
  // While the console is open the log goes to a file: no log line lands in the line being typed.
  const logger =
    demoFolder !== undefined && plan.console
      ? demoLogger(config.logLevel, demoFolder)
      : createLogger({ level: config.logLevel, format: config.logFormat });
  const lifecycle = new Lifecycle(logger);
  let fatal: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fatal = reject;
  });
  failed.catch(() => {});
  let signalled: (() => void) | undefined;
  const stopRequested = new Promise<void>((resolve) => {
    signalled = resolve;
  });
  const stopListening = stopOnSignals((signal) => {
    logger.info({ signal }, `${signal}: stopping (a second ${signal} stops at once)`);
    signalled?.();
  });
  let settling: Promise<unknown> | undefined;
  /** Up: everything started and said so. A failure before that stops without a summary line. */
  let up = false;
  try {
    const api = await chatApiOf(config, plan, lifecycle, out);
    if (demoFolder !== undefined) out.write(demoFolderLine(demoFolder, plan.console));
    // Serve counts what it does for /metrics, process metrics included; the demo has no /metrics.
    const metrics = plan.serving ? new Metrics() : undefined;
    metrics?.collectProcessMetrics();
    const store: StoreSettings =
      demoFolder === undefined ? storeSettingsOf(config) : { dataDir: demoFolder };
    // Serve answers each moderator in their own language: every catalogue is loaded up front.
    await loadLocales(
      plan.serving
        ? SUPPORTED_LOCALES
        : [terminalPresentation(config).locale, config.locale ?? DEFAULT_LOCALE],
    );
    const core = await createCore({
      metrics,
      config: { ...config, ...store, databaseUrl: store.databaseUrl },
      api,
      logger,
      destinations: plan.serving ? destinationNames(config) : NO_DESTINATIONS,
      secrets: secretValues(config),
    });
    await lifecycle.add(storeComponent(core, store, logger));
    const chatApi = new ChatApiComponent(core, chatApiDoctor(config));
    await lifecycle.add(chatApi);
    // Cases a crash left pending are settled from the API, beside everything else starting.
    settling = settlePendingCases(core.cases, core.api, logger, core.presentation);

    const http = plan.serving
      ? new HttpComponent(config.port, demoFolder === undefined ? undefined : LOOPBACK)
      : undefined;
    if (http) {
      await lifecycle.add(http);
      http.server.setLiveness(storeLiveness(core));
      http.server.addReadinessSource(() => lifecycle.readiness());
      if (metrics) http.server.mount("/metrics", metricsHandler(metrics, config.metricsToken));
    }

    const feed = reportFeed(config, core, logger, plan.console);
    chatApi.watchWith(() => feed.pollState());
    // Made before the first poll, so that it announces that poll's cards when it opens.
    const terminal = plan.console
      ? new ConsoleComponent(core, process.stdin, out, terminalPresentation(config))
      : undefined;
    // What only the leading replica does (the gateway session, the poll, the deliveries) runs
    // under leader work; with SQLite this one process leads from the start.
    const leader = new LeaderWork(await leadershipOf(core, logger), logger);
    await leader.register("poller", () => pollerComponent(feed));
    // Bans made elsewhere: against a real chat API only (the demo's emulator is the bot's own).
    if (!plan.demo) {
      await leader.register(
        "ban-sync",
        () => new BanSyncComponent(core.banSync, config.banSyncCron, logger),
      );
    }
    const digests = feed.digestSchedule;
    if (digests) {
      await leader.register("digest", () =>
        minuteLooksComponent("digest", "the shift digest's slots", digests),
      );
    }
    const reminders = feed.reminderLooks;
    if (reminders) {
      await leader.register("reminders", () =>
        minuteLooksComponent("reminders", "cards due a reminder", reminders),
      );
    }
    // A platform that comes up has its destinations drained, each by a part of leader work.
    const drainingWith = (register: typeof leader.register): PlatformHooks => ({
      onUp: async (destinations) => {
        for (const destination of destinations) {
          await register(`drainer:${destination.name}`, () =>
            drainerComponent(feed, destination, core.outbox),
          );
        }
      },
      onFatal: fatal,
    });
    const hooks = drainingWith((name, factory) => leader.register(name, factory));
    if (http && config.discord) {
      const discord = config.discord;
      // Discord is leader work itself: each term's session has a client of its own, and its
      // drainers post through that client, so they live and die with the term.
      const discordHooks = drainingWith((name, factory) => leader.registerForTerm(name, factory));
      await leader.register(
        "discord",
        () => new DiscordComponent(discord, core, logger, discordHooks),
      );
    }
    // Every replica serves Slack: HTTP behind a load balancer, or a Socket Mode connection each.
    if (http && config.slack) {
      await lifecycle.add(new SlackComponent(config.slack, core, http.server, logger, hooks));
    }
    // After Slack, so that it stops first: deliveries in flight finish while Slack still runs.
    await lifecycle.add(leader);
    await leader.settled();
    http?.server.addReadinessSource(() => leader.partsReadiness());
    metrics?.watchLeadership(() => leader.leadership.leading);

    // Every component's doctor check, as warnings: a channel the bot cannot see is worth
    // knowing at start. `chatwarden doctor` runs the same checks.
    // They go to the log, which stays English (operators search it), whatever the terminal's
    // language.
    if (plan.serving) {
      void presenting(PLAIN_PRESENTATION, () => runDoctor(config, lifecycle.doctorAreas())).then(
        (checks) => logCheckProblems(checks, logger),
      );
    }
    out.write(`${await chatApi.probeNow()}\n`);
    if (http) {
      const values = {
        port: String(http.server.port()),
        loopback: demoFolder === undefined ? "no" : "yes",
        host: LOOPBACK,
      };
      out.write(`${t("operator.startup.http", values)}\n`);
    }
    up = true;
    const ended: Promise<unknown>[] = [stopRequested, failed];
    if (terminal) {
      await lifecycle.add(terminal);
      ended.push(terminal.left);
    }
    await Promise.race(ended);
  } finally {
    await settling;
    await lifecycle.stop(undefined, { announce: up });
    stopListening();
  }
}

function logCheckProblems(checks: readonly DoctorCheck[], logger: Logger): void {
  const failed = checks.filter((check) => check.result === "fail");
  for (const check of checks.filter(
    (check) => check.result === "warn" || check.result === "fail",
  )) {
    logger.warn({ check: check.name, fix: check.fix }, `doctor: ${check.name}: ${check.detail}`);
  }
  logger.info(
    { checks: checks.length, failed: failed.length },
    failed.length === 0
      ? `doctor: all ${checks.length} checks passed`
      : `doctor: ${failed.length} of ${checks.length} checks failed (chatwarden doctor shows each with its fix)`,
  );
}

/** The configured chat API, or the demo's emulator, started as the first component. */
async function chatApiOf(
  config: Readonly<Config>,
  plan: AppPlan,
  lifecycle: Lifecycle,
  out: ConsoleOutput,
): Promise<{ baseUrl: string; token: string }> {
  if (config.chatApi && !plan.demo) {
    return { baseUrl: config.chatApi.baseUrl, token: config.chatApi.token.reveal() };
  }
  const emulator = new EmulatorComponent(config.chatTimeZone);
  await lifecycle.add(emulator);
  const why = plan.serving ? "serving" : "demo";
  out.write(demoEmulatorBanner(emulator.emulator, why));
  return { baseUrl: emulator.emulator.baseUrl, token: DEMO_TOKEN };
}

/**
 * The feed polls only when someone sees it: a platform with a report channel, or the demo's
 * console. Deliveries (reports, audit posts) go out through the adapters as they come up.
 */
function reportFeed(
  config: Readonly<Config>,
  core: Core,
  logger: Logger,
  withConsole: boolean,
): ReportFeed {
  const poll = core.destinations.report.length > 0 || withConsole;
  if (!poll) logger.info("no report channel configured: the report feed does not poll");
  return new ReportFeed({
    core,
    poll,
    pollCron: config.reportPollCron,
    backfill: config.reportBackfill,
    groupMinutes: config.reportGroupMinutes,
    digestCron: config.digestCron,
    remindMinutes: config.reportRemindMinutes,
    logger,
  });
}

/** How the replicas sharing this store choose their leader: PostgreSQL elects; SQLite has one. */
async function leadershipOf(core: Core, logger: Logger): Promise<Leadership> {
  // pg loads only with PostgreSQL, as the store itself does.
  if (core.store.dialect === "postgres") {
    const { PostgresStore } = await import("../src/store/postgres/open-postgres.js");
    const { PostgresLeadership } = await import("../src/store/postgres/leader-election.js");
    if (core.store instanceof PostgresStore) {
      return new PostgresLeadership(core.store.url, core.store.pool, logger);
    }
  }
  return new SoleLeadership(PROCESS_OWNER);
}
