// `chatwarden serve`: the bot. It starts the HTTP server (/healthz, Slack's HTTP mode), the core,
// the report feed, and every adapter whose variables are set. With no chat API configured it runs
// the built-in emulator with demo data, so that `npm start` shows a working system with nothing
// set up; at a terminal it then opens the console, so a newcomer can try every command at once.
import {
  demoEmulatorBanner,
  demoFolderLine,
  demoLogger,
  freshDemoFolder,
  runConsole,
  startDemoEmulator,
} from "../adapters/console/demo.js";
import type { ConsoleOutput } from "../adapters/console/repl.js";
import { startDiscordAdapter } from "../adapters/discord/client.js";
import { startSlackAdapter } from "../adapters/slack/app.js";
import { type Config, secretValues } from "./config.js";
import { type Core, createCore } from "./core.js";
import { DEMO_TOKEN } from "./emulator/command.js";
import type { RunningEmulator } from "./emulator/server.js";
import type { Destination } from "./feed/destination.js";
import { destinationNames } from "./feed/destination-names.js";
import { ReportFeed } from "./feed/feed.js";
import { type BotHttpServer, startHttpServer } from "./http-server.js";
import { createLogger, type Logger } from "./log.js";
import { settlePendingCases } from "./moderation/pending-cases.js";
import { untilSignalled } from "./shutdown.js";
import { ReplayGuard } from "./store/replay-guard.js";

/** Where the demo's HTTP server listens: this machine only, as the demo's emulator does. */
const LOOPBACK = "127.0.0.1";

interface RunningAdapter {
  destinations: Destination[];
  stop(): Promise<void>;
}

export async function serve(config: Readonly<Config>, out: ConsoleOutput): Promise<void> {
  // With no chat API, serve is the demo: its cases go to a folder of their own, its HTTP server
  // stays on this machine, and at a terminal the console opens, which the log must not write into.
  const demoFolder = config.chatApi ? undefined : freshDemoFolder(config.dataDir);
  const withConsole = demoFolder !== undefined && process.stdin.isTTY === true;
  const logger =
    demoFolder !== undefined && withConsole
      ? demoLogger(config.logLevel, demoFolder)
      : createLogger(config.logLevel);
  let emulator: RunningEmulator | undefined;
  let api: { baseUrl: string; token: string };
  if (config.chatApi) {
    api = { baseUrl: config.chatApi.baseUrl, token: config.chatApi.token.reveal() };
  } else {
    emulator = await startDemoEmulator(config.chatTimeZone);
    api = { baseUrl: emulator.baseUrl, token: DEMO_TOKEN };
    out.write(demoEmulatorBanner(emulator, "No CHAT_API_BASE_URL set"));
  }
  if (demoFolder !== undefined) out.write(demoFolderLine(demoFolder, withConsole));

  const http = await listenOrExplain(config.port, demoFolder === undefined ? undefined : LOOPBACK);
  const core = createCore({
    config: demoFolder === undefined ? config : { ...config, dataDir: demoFolder },
    api,
    logger,
    destinations: destinationNames(config),
    secrets: secretValues(config),
  });
  // Cases a crash left pending are settled from the API, beside everything else starting.
  const settling = settlePendingCases(core.cases, core.api, logger);
  http.setReadiness("store", () => core.cases.readiness());
  const feed = reportFeed(config, core, logger, withConsole);
  feed.start();
  const shutdown = new AbortController();
  // Adapters start side by side: Discord waits out an outage at start-up, and that must not keep
  // Slack, the feed's other destinations or the console from working.
  const starts = startAdapters(config, core, http, logger, shutdown.signal).map((start) =>
    start.then((adapter) => {
      for (const destination of adapter.destinations) feed.attach(destination);
      return adapter;
    }),
  );
  try {
    await reportChatApiReachability(core, out);
    const where = demoFolder === undefined ? "" : `, on ${LOOPBACK} only`;
    out.write(`HTTP on port ${http.port()} (/healthz${where}). Ctrl-C stops.\n`);
    const running: Promise<unknown> = withConsole ? runConsole(core, out) : untilSignalled();
    // An adapter that cannot start for good (a refused token) ends serve with its reason.
    await Promise.race([running, Promise.all(starts).then(() => running)]);
  } finally {
    shutdown.abort();
    await settling;
    await feed.stop();
    for (const outcome of await Promise.allSettled(starts)) {
      if (outcome.status === "fulfilled") await outcome.value.stop();
    }
    await http.close();
    await core.close();
    await emulator?.close();
  }
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
    logger,
  });
}

function startAdapters(
  config: Readonly<Config>,
  core: Core,
  http: BotHttpServer,
  logger: Logger,
  signal: AbortSignal,
): Promise<RunningAdapter>[] {
  const starts: Promise<RunningAdapter>[] = [];
  if (config.discord) {
    starts.push(
      startDiscordAdapter({
        config: config.discord,
        runner: core.runner,
        completions: core.completions,
        logger,
        signal,
      }),
    );
  }
  if (config.slack) {
    starts.push(
      startSlackAdapter({
        config: config.slack,
        runner: core.runner,
        logger,
        http,
        replayGuard: new ReplayGuard(core.db),
      }),
    );
  }
  return starts;
}

/** A chat API that is down at start-up is worth a line, not a refusal to start. */
async function reportChatApiReachability(core: Core, out: ConsoleOutput): Promise<void> {
  try {
    const groups = await core.api.listChannelGroups();
    out.write(`Connected to the chat API: ${groups.length} channel group(s).\n`);
  } catch (error) {
    out.write(
      `The chat API is not answering yet: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}

async function listenOrExplain(port: number, host?: string): Promise<BotHttpServer> {
  try {
    return await startHttpServer(port, host);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
      throw new Error(`port ${port} is already in use: set PORT to a free port`);
    }
    throw error;
  }
}
