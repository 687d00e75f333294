// The composition root of the platform-free part: the chat API client, the store, the cases and
// the command runner, wired once. serve, demo and the one-shot CLI all start from here.
import type { Logger } from "pino";
import { ChatApiClient } from "./chat-api/client.js";
import { createCatalogue } from "./commands/catalogue.js";
import type { AnyCommand, ModerationSettings } from "./commands/command.js";
import { CompletionProvider } from "./commands/completions.js";
import { KeyedLock } from "./commands/keyed-lock.js";
import { CommandRunner } from "./commands/runner.js";
import type { Config } from "./config.js";
import { ActionRegistry } from "./moderation/actions.js";
import { CaseStore } from "./moderation/cases.js";
import { type Database, openDatabase } from "./store/db.js";

export interface Core {
  api: ChatApiClient;
  db: Database;
  cases: CaseStore;
  runner: CommandRunner;
  completions: CompletionProvider;
  settings: ModerationSettings;
  close(): Promise<void>;
}

export interface CoreOptions {
  config: Pick<
    Config,
    | "chatApiTimeoutMs"
    | "chatTimeZone"
    | "dataDir"
    | "maxBanDays"
    | "confirmBanDaysOver"
    | "requireReason"
  >;
  api: { baseUrl: string; token: string };
  logger: Logger;
  /** Extra commands beyond the catalogue (tests prove adapters need no change for them). */
  extraCommands?: AnyCommand[];
  now?: () => Date;
}

/** The part of the configuration the catalogue is built with. */
export function moderationSettingsOf(
  config: Pick<Config, "maxBanDays" | "confirmBanDaysOver" | "requireReason" | "chatTimeZone">,
): ModerationSettings {
  return {
    maxBanDays: config.maxBanDays,
    confirmBanDaysOver: config.confirmBanDaysOver,
    requireReason: config.requireReason,
    chatTimeZone: config.chatTimeZone,
  };
}

export function createCore(options: CoreOptions): Core {
  const { config, logger } = options;
  const now = options.now ?? (() => new Date());
  const settings = moderationSettingsOf(config);
  const api = new ChatApiClient({ ...options.api, timeoutMs: config.chatApiTimeoutMs, logger });
  const db = openDatabase(config.dataDir);
  const cases = new CaseStore(db, now);
  const catalogue = [...createCatalogue(settings), ...(options.extraCommands ?? [])];
  const runner = new CommandRunner(
    catalogue,
    { api, cases, settings, wordListLocks: new KeyedLock(), now },
    logger,
    new ActionRegistry(() => now().getTime()),
  );
  return {
    api,
    db,
    cases,
    runner,
    completions: new CompletionProvider(api, catalogue, () => now().getTime()),
    settings,
    async close() {
      await api.close();
      db.close();
    },
  };
}
