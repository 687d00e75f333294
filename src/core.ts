// The composition root of the platform-free part: the chat API client, the store (cases, the
// report feed's records, the outbox, stored buttons, locks; SQLite in DATA_DIR or PostgreSQL at
// DATABASE_URL) and the command runner, wired once. serve, demo and the one-shot CLI all start
// from here.
import type { Logger } from "pino";
import type { Catalogue } from "./catalogue/catalogue.js";
import type { AnyCommand, ModerationSettings } from "./catalogue/command.js";
import { CompletionProvider } from "./catalogue/completions.js";
import { moderationSettingsOf } from "./catalogue/moderation-settings.js";
import { CommandRunner } from "./catalogue/runner.js";
import { text } from "./catalogue/wording.js";
import { BYTES_PER_MB, ChatApiClient } from "./chat-api/client.js";
import { createCatalogue } from "./command-list.js";
import { type Config, parseConfig } from "./config.js";
import { CardEvents } from "./feed/card-events.js";
import { CardTakes } from "./feed/card-takes.js";
import { DenialAudit } from "./feed/denial-audit.js";
import { type DestinationNames, NO_DESTINATIONS } from "./feed/destination-names.js";
import { Outbox } from "./feed/outbox.js";
import { ReportButtons } from "./feed/report-buttons.js";
import { cardClaimLeaseMs, ReportStore } from "./feed/report-store.js";
import { settleCardsOfFound, settleCardsOnCase } from "./feed/settlement.js";
import { Triage, type TriageRules } from "./feed/triage.js";
import { DEFAULT_LOCALE } from "./i18n/locales.js";
import type { Presentation } from "./i18n/presentation.js";
import type { Metrics } from "./metrics/metrics.js";
import { PendingActions } from "./moderation/actions.js";
import { BanRecord, recordBanCountOnCase } from "./moderation/ban-record.js";
import { BanSync } from "./moderation/ban-sync.js";
import { CaseStore } from "./moderation/cases.js";
import { PlayerDirectory } from "./moderation/player-directory.js";
import { StatisticsReads } from "./moderation/statistics-reads.js";
import { Redactor } from "./redact.js";
import { openStore } from "./store/open-store.js";
import type { Store } from "./store/store.js";
import { StoreLock } from "./store/store-lock.js";
import type { ViewMention } from "./view/view.js";

export interface Core {
  api: ChatApiClient;
  /** The store every repository here uses; closed by `close()`. */
  store: Store;
  cases: CaseStore;
  reports: ReportStore;
  /** The bans the bot knows of for each player: the chat API's counts as last read, and its own. */
  banRecord: BanRecord;
  /** Records bans made and lifted outside the bot (BAN_SYNC_CRON, on the leader). */
  banSync: BanSync;
  /** What each card says of its player: its priority, and the ladder's next step. */
  triage: Triage;
  /** Whom a card that becomes high priority alerts (PRIORITY_ALERT_*): nobody when empty. */
  priorityAlert: ViewMention;
  /** Every player the bot has seen and the names seen with them. */
  players: PlayerDirectory;
  outbox: Outbox;
  /** Which refusals are posted to the audit channels, and how many were not. */
  denials: DenialAudit;
  cardEvents: CardEvents;
  /** The destinations this deployment's configuration names (whether or not they run here). */
  destinations: DestinationNames;
  runner: CommandRunner;
  completions: CompletionProvider;
  settings: ModerationSettings;
  /**
   * This core's Prometheus series (commands, chat API calls, the feed): what /metrics shows. Only
   * serve counts: a one-shot command does not load prom-client at all.
   */
  metrics: Metrics | undefined;
  /**
   * The team's language and DISPLAY_TIMEZONE: how what everyone sees is presented (cards, audit
   * posts, digests), and each answer unless its asker's platform names another language.
   */
  presentation: Presentation;
  now: () => Date;
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
  > &
    Partial<
      Pick<
        Config,
        | "chatApiMaxBodyMb"
        | "banLadderDays"
        | "priority"
        | "priorityAlert"
        | "locale"
        | "displayTimeZone"
      >
    > & {
      /** postgres://…: the shared store of replicas; unset, SQLite in dataDir. */
      databaseUrl?: string;
    };
  api: { baseUrl: string; token: string };
  /** Every configured secret (secretValues(config)): none is ever stored in a case. */
  secrets?: readonly string[];
  logger: Logger;
  /** From destinationNames(config); none by default (tests, the demo). */
  destinations?: DestinationNames;
  /** Extra commands beyond the catalogue (tests prove adapters need no change for them). */
  extraCommands?: AnyCommand[];
  /** The catalogue, already built from the same settings (the one-shot CLI read it first). */
  catalogue?: Catalogue;
  /** Where this core counts; nowhere by default. */
  metrics?: Metrics;
  /**
   * The store to use (the one-shot CLI's opens at its first query: openStoreWhenUsed); by
   * default the configured one, opened (and migrated) now.
   */
  store?: Store;
  now?: () => Date;
}

/**
 * Builds the core, opening (and migrating) its store unless given one; rejects with
 * StoreUnavailableError.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const { config, logger } = options;
  const now = options.now ?? (() => new Date());
  const destinations = options.destinations ?? NO_DESTINATIONS;
  const settings = moderationSettingsOf(config);
  // Before anything is opened: a bad declaration stops here, naming the command.
  const catalogue = options.catalogue ?? createCatalogue(settings, options.extraCommands);
  const metrics = options.metrics;
  const store =
    options.store ??
    (await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  const api = new ChatApiClient({
    ...options.api,
    timeoutMs: config.chatApiTimeoutMs,
    maxBodyBytes: config.chatApiMaxBodyMb && config.chatApiMaxBodyMb * BYTES_PER_MB,
    logger,
    onExchange: metrics && ((exchange) => metrics.chatApiExchange(exchange)),
  });
  const cases = new CaseStore(
    store,
    now,
    undefined,
    new Redactor([options.api.token, ...(options.secrets ?? [])]),
  );
  // A press's claim on a card lasts as long as its ban may take with this API's time limits.
  const reports = new ReportStore(store, cardClaimLeaseMs(api.retryPolicy.totalDeadlineMs), now);
  const banRecord = new BanRecord(store);
  const defaults = triageDefaults();
  const triage = new Triage(
    reports,
    banRecord,
    {
      ladder: config.banLadderDays ?? defaults.ladder,
      priority: config.priority ?? defaults.priority,
    },
    now,
  );
  const players = new PlayerDirectory(store);
  const outbox = new Outbox(store, () => now().getTime());
  const statistics = new StatisticsReads(store);
  metrics?.watchFeed({
    outbox,
    destinations: [...destinations.report, ...destinations.audit],
    chatTimeZone: config.chatTimeZone,
    backlog: async () => {
      const backlog = await statistics.backlog();
      return { open: backlog.open, oldestOpenedAt: backlog.oldest?.opened_at };
    },
    now,
  });
  const cardEvents = new CardEvents();
  // Both run inside the transaction that records a case: no case without its audit posts owed,
  // no settled card without its edits owed.
  const denials = new DenialAudit(store);
  cases.onRecorded(async (recorded) => {
    if (recorded.outcome === "denied" && !(await denials.shouldPost(recorded, now().getTime()))) {
      return;
    }
    for (const destination of destinations.audit) {
      await outbox.enqueue(destination, "post-case", recorded.number);
    }
  });
  // The chat API's count after each ban the bot makes: the ladder's next step counts it.
  cases.onRecorded(recordBanCountOnCase(banRecord));
  // A player the bot acted on is one it has seen: from its own cases, in the same transaction.
  cases.onRecorded(async (recorded) => {
    if (recorded.target !== undefined && recorded.outcome === "success") {
      await players.saw([{ gamerId: recorded.target, at: recorded.at }]);
    }
  });
  // Told once the settlement has committed (settlement.ts): a card's listeners read it again.
  const settleCards = settleCardsOnCase(reports, outbox, destinations.report, {
    changed: (cardId) => cardEvents.emit(cardId, "updated"),
    settled: (state, waitedMs) => metrics?.cardSettled(state, waitedMs),
  });
  cases.onRecorded(settleCards);
  const takes = new CardTakes(
    store,
    outbox,
    destinations.report,
    (cardId) => cardEvents.emit(cardId, "updated"),
    now,
  );
  const banSync = new BanSync({
    store,
    api,
    cases,
    banRecord,
    players,
    outbox,
    auditDestinations: destinations.audit,
    actionWindowMs: api.retryPolicy.totalDeadlineMs,
    settleCards: settleCardsOfFound(reports, settleCards),
    now,
  });
  const presentation: Presentation = {
    locale: config.locale ?? DEFAULT_LOCALE,
    timeZone: config.displayTimeZone ?? "UTC",
  };
  const runner = new CommandRunner(
    catalogue,
    {
      api,
      cases,
      reports,
      takes,
      triage,
      players,
      statistics,
      settings,
      wordListLocks: new StoreLock(store, "word-list", (language) =>
        text("failures.lock.wordList", { language }),
      ),
      team: presentation,
      now,
    },
    logger,
    new PendingActions(store, () => now().getTime()),
    new ReportButtons(reports, now),
    metrics,
  );
  return {
    api,
    store,
    cases,
    reports,
    banRecord,
    banSync,
    triage,
    priorityAlert: config.priorityAlert ?? {},
    players,
    outbox,
    denials,
    cardEvents,
    destinations,
    runner,
    completions: new CompletionProvider(api, catalogue, players, () => now().getTime()),
    settings,
    metrics,
    presentation,
    now,
    async close() {
      await api.close();
      await store.close();
    },
  };
}

/** The ladder's and the priority's defaults, for a core built without them (tests, benchmarks). */
function triageDefaults(): TriageRules {
  const config = parseConfig({});
  return { ladder: config.banLadderDays, priority: config.priority };
}
