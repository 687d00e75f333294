// `chatwarden <command> ...` run once: the command line is checked first, then the core is built
// with only what a command needs (the store and the chat API client, no platform library, no
// HTTP), the command runs, and both stop. The SQLite store opens at the first query that needs
// it: a read that keeps nothing (`bans`) never loads SQLite. The log stays quiet: the answer and at most one error
// line are all that is printed, unless LOG_LEVEL=debug.

import { CommandLineFailure, EXIT_FAILURE } from "../adapters/console/failure.js";
import { offlineCatalogue } from "../adapters/console/offline-catalogue.js";
import {
  type OneShotStreams,
  readInvocation,
  runInvocation,
} from "../adapters/console/one-shot.js";
import { terminalPresentation } from "../adapters/console/terminal-presentation.js";
import { type Config, secretValues } from "../src/config.js";
import { createCore } from "../src/core.js";
import { destinationNames } from "../src/feed/destination-names.js";
import { presentThroughout } from "../src/i18n/presentation.js";
import { loadLocales, t } from "../src/i18n/translate.js";
import { quietLogger } from "../src/quiet-logger.js";
import { openStoreWhenUsed } from "../src/store/open-store.js";
import { ChatApiComponent } from "./components/chat-api.js";
import { storeComponent } from "./components/store.js";
import { storeSettingsOf } from "./doctor/checks.js";
import { Lifecycle } from "./lifecycle.js";

/** Runs one chat command, spoken to in the terminal's language (terminal-presentation.ts). */
export async function runOneShot(
  argv: readonly string[],
  config: Readonly<Config>,
  streams: OneShotStreams,
): Promise<void> {
  const terminal = terminalPresentation(config);
  // Only the catalogue in use: an English one-shot never reads the Korean texts.
  await loadLocales([terminal.locale]);
  presentThroughout(terminal);
  return runPresented(argv, config, streams);
}

async function runPresented(
  argv: readonly string[],
  config: Readonly<Config>,
  streams: OneShotStreams,
): Promise<void> {
  // Built and checked once: the command line is read against the catalogue the core runs.
  const catalogue = offlineCatalogue(config);
  const invocation = readInvocation(argv, catalogue);
  if (!config.chatApi) {
    throw new CommandLineFailure(t("terminal.oneShot.noChatApi"), EXIT_FAILURE, "configuration");
  }
  // Retries and warnings are the bot's business; a one-shot says what happened in its answer.
  const logger =
    config.logLevel === "debug" || config.logLevel === "trace"
      ? (await import("../src/log.js")).createLogger({
          level: config.logLevel,
          format: config.logFormat,
        })
      : quietLogger;
  const lifecycle = new Lifecycle(logger);
  const store = storeSettingsOf(config);
  // PostgreSQL's client loads only when DATABASE_URL is set (open-store.ts).
  const core = await createCore({
    config: { ...config, databaseUrl: store.databaseUrl },
    store: await openStoreWhenUsed(store),
    catalogue,
    api: { baseUrl: config.chatApi.baseUrl, token: config.chatApi.token.reveal() },
    logger,
    // The case owes its audit posts to the configured channels; the running bot sends them.
    destinations: destinationNames(config),
    secrets: secretValues(config),
  });
  try {
    await lifecycle.add(storeComponent(core, store, logger));
    await lifecycle.add(new ChatApiComponent(core));
    await runInvocation(invocation, core.runner, streams);
  } finally {
    await lifecycle.stop();
  }
}
