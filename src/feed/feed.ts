// The report feed as one component: the poll on REPORT_POLL_CRON (never two at once) and one
// drainer per live destination. A chat API outage is one warning when it starts and one line when
// it ends; polling goes on, and nothing is posted about it to any channel. So is a spell when the
// list was read but the store could not take it: that is the store's outage, said as such.
import cron, { type ScheduledTask } from "node-cron";
import type { Logger } from "pino";
import type { ChatApiClient } from "../chat-api/client.js";
import { ChatApiError } from "../chat-api/errors.js";
import type { Presentation } from "../i18n/presentation.js";
import type { BanRecord } from "../moderation/ban-record.js";
import { caseView } from "../moderation/case-view.js";
import type { CaseStore } from "../moderation/cases.js";
import type { PlayerDirectory } from "../moderation/player-directory.js";
import type { Store } from "../store/store.js";
import type { View, ViewMention } from "../view/view.js";
import { CardAlerts } from "./card-alerts.js";
import type { CardEvents } from "./card-events.js";
import type { DenialAudit } from "./denial-audit.js";
import type { Destination } from "./destination.js";
import type { DestinationNames } from "./destination-names.js";
import { DigestSchedule } from "./digest-schedule.js";
import { digestView } from "./digest-view.js";
import { Digests } from "./digests.js";
import { DEFAULT_TIMING, type DrainerTiming, OutboxDrainer } from "./drainer.js";
import { EveryMinute } from "./every-minute.js";
import type { DeliveryMetrics, PollMetrics } from "./feed-metrics.js";
import { feedPoll } from "./feed-record.js";
import type { Delivery, Outbox } from "./outbox.js";
import type { PaceClock } from "./pacer.js";
import { hostPaceClock } from "./pacer.js";
import { type PollResult, ReportPoller, ReportsNotStoredError } from "./poller.js";
import { reminderContent } from "./reminder-content.js";
import { Reminders } from "./reminders.js";
import { cardView } from "./report-card.js";
import type { ReportStore } from "./report-store.js";
import type { Triage } from "./triage.js";

/** The parts of the core the feed works with (the core itself satisfies this). */
export interface FeedCore {
  api: ChatApiClient;
  /** The team's language and zone: what everyone sees is presented so. */
  presentation: Presentation;
  /** Where the shift digest's slots are kept (digests.ts). */
  store: Store;
  reports: ReportStore;
  banRecord: BanRecord;
  triage: Triage;
  /** Learns the players of every report the poll records. */
  players: PlayerDirectory;
  outbox: Outbox;
  cases: CaseStore;
  denials: DenialAudit;
  cardEvents: CardEvents;
  destinations: DestinationNames;
  settings: { chatTimeZone: string };
  /** Whom a card that becomes high priority alerts (PRIORITY_ALERT_*): nobody when empty. */
  priorityAlert: ViewMention;
  now: () => Date;
  /** Polls, reports seen, deliveries, rate limits and the feed's lag are counted here, if given. */
  metrics?: PollMetrics & DeliveryMetrics;
}

export interface ReportFeedOptions {
  core: FeedCore;
  /** The destinations this process sends to from the start; attach() adds more later. */
  destinations?: readonly Destination[];
  /** Whether this process polls: only when someone sees the feed (a report channel, the demo console). */
  poll: boolean;
  pollCron: string;
  backfill: number;
  groupMinutes: number;
  /** DIGEST_CRON: when the shift digest is owed, read in the chat time zone; unset: never. */
  digestCron?: string;
  /** REPORT_REMIND_MINUTES: a card open this long is reminded of once; 0 or unset: never. */
  remindMinutes?: number;
  logger: Logger;
  timing?: DrainerTiming;
  /** What the drainers' pacing counts by and waits on: the host's clock unless a test gives one. */
  paceClock?: PaceClock;
}

export interface PollState {
  polls: boolean;
  polling: boolean;
  /** Since when the chat API's report list cannot be read, if it could not at the last poll. */
  outageSince: Date | undefined;
  /** Since when the reports read cannot be stored, and why, if they could not at the last poll. */
  storeFailure: { since: Date; problem: string } | undefined;
  lastPollAt: Date | undefined;
}

export class ReportFeed {
  private readonly poller: ReportPoller;
  private readonly alerts: CardAlerts;
  private readonly digests: Digests;
  /** When the shift digest is owed, if DIGEST_CRON is set: leader work, like the poll. */
  readonly digestSchedule: DigestSchedule | undefined;
  private readonly reminders: Reminders;
  /** Looks for cards due a reminder, if REPORT_REMIND_MINUTES is set: leader work too. */
  readonly reminderLooks: EveryMinute | undefined;
  private readonly drainers: OutboxDrainer[] = [];
  private readonly logger: Logger;
  private started = false;
  private task: ScheduledTask | undefined;
  private polling: Promise<PollResult | undefined> | undefined;
  private outageSince: Date | undefined;
  private storeFailure: PollState["storeFailure"];
  private lastPollAt: Date | undefined;

  constructor(private readonly options: ReportFeedOptions) {
    const { core } = options;
    this.logger = options.logger.child({ component: "feed" });
    this.alerts = new CardAlerts(
      core.reports,
      core.triage,
      core.outbox,
      core.priorityAlert,
      core.destinations.report,
    );
    this.poller = new ReportPoller(
      core.api,
      core.reports,
      core.outbox,
      core.banRecord,
      {
        backfill: options.backfill,
        groupMinutes: options.groupMinutes,
        reportDestinations: core.destinations.report,
      },
      core.now,
      this.logger,
      core.metrics,
      core.players,
      this.alerts.enabled ? this.alerts : undefined,
    );
    this.digests = new Digests(core.store, core.outbox, core.destinations.report);
    this.digestSchedule =
      options.digestCron && core.destinations.report.length > 0
        ? new DigestSchedule(
            options.digestCron,
            core.settings.chatTimeZone,
            this.digests,
            core.now,
            this.logger,
          )
        : undefined;
    this.reminders = new Reminders(core.store, core.outbox, core.reports, core.destinations.report);
    const remindMs = (options.remindMinutes ?? 0) * 60_000;
    this.reminderLooks =
      remindMs > 0 && core.destinations.report.length > 0
        ? new EveryMinute(
            () => this.remindDue(remindMs),
            this.logger,
            "could not owe the reminder of waiting cards",
          )
        : undefined;
    for (const destination of options.destinations ?? []) this.attach(destination);
  }

  private async remindDue(remindMs: number): Promise<void> {
    const cards = await this.reminders.remindDue(this.options.core.now(), remindMs);
    if (cards.length > 0) this.logger.info({ cards }, "reminder of waiting cards owed");
  }

  /**
   * Sends to `destination` from now on: an adapter that came up after the feed (Discord waits
   * out an outage at start-up). What was owed to it meanwhile waited in the outbox.
   */
  attach(destination: Destination): void {
    const drainer = this.drainerFor(destination);
    this.drainers.push(drainer);
    if (this.started) drainer.start();
  }

  /**
   * A drainer sending this feed's deliveries to `destination`, neither started nor kept: for a
   * caller that starts and stops it on its own (the app's lifecycle).
   */
  drainerFor(destination: Destination): OutboxDrainer {
    const { core } = this.options;
    return new OutboxDrainer(
      destination,
      core.outbox,
      core.reports,
      (delivery, destination) => this.content(delivery, destination),
      this.logger.child({ destination: destination.name }),
      this.options.timing ?? DEFAULT_TIMING,
      () => core.now().getTime(),
      core.metrics,
      this.options.paceClock ?? hostPaceClock(() => core.now().getTime()),
      core.presentation,
    );
  }

  start(): void {
    this.started = true;
    for (const drainer of this.drainers) drainer.start();
    this.startPolling();
  }

  /** Polls on REPORT_POLL_CRON from now on (and once at once), if this process polls at all. */
  startPolling(): void {
    if (!this.options.poll || this.task) return;
    this.task = cron.schedule(this.options.pollCron, () => this.pollNow(), { noOverlap: true });
    void this.pollNow();
  }

  /** Schedules no more polls and waits for the one under way, if any. */
  async stopPolling(): Promise<void> {
    await this.task?.destroy();
    this.task = undefined;
    await this.polling;
  }

  /**
   * Whether this process polls at all, whether it polls now (a standby replica does not), and
   * what failed at the last poll, if anything: reading the report list, or storing it.
   */
  pollState(): PollState {
    return {
      polls: this.options.poll,
      polling: this.task !== undefined,
      outageSince: this.outageSince,
      storeFailure: this.storeFailure,
      lastPollAt: this.lastPollAt,
    };
  }

  /** One poll now, or the one already running: never two at once. */
  pollNow(): Promise<PollResult | undefined> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.stopPolling();
    await this.digestSchedule?.destroy();
    await this.reminderLooks?.stop();
    await Promise.all(this.drainers.map((drainer) => drainer.stop()));
  }

  private async pollOnce(): Promise<PollResult | undefined> {
    const startedAt = this.options.core.now();
    let result: PollResult;
    try {
      result = await this.poller.poll();
    } catch (error) {
      if (error instanceof ReportsNotStoredError) {
        // The list was read: whatever kept it from being read is over.
        this.listReadable();
        this.storeFailing(error.message);
      } else {
        this.listUnreadable(error);
      }
      return undefined;
    }
    this.lastPollAt = this.options.core.now();
    this.listReadable();
    if (await this.recordPoll(startedAt)) this.storeWorks();
    for (const cardId of result.opened) this.options.core.cardEvents.emit(cardId, "opened");
    for (const cardId of result.updated) this.options.core.cardEvents.emit(cardId, "updated");
    return result;
  }

  /**
   * Records in the store that the list was read and stored as of `startedAt`, and until when that
   * record stands (feed-record.ts): every process on the store reads `history` from it meanwhile.
   */
  private async recordPoll(startedAt: Date): Promise<boolean> {
    const { core } = this.options;
    // The schedule runs on the system clock; its next run is taken as a wait from now.
    const next = this.task?.getNextRun();
    const nextInMs = next ? Math.max(0, next.getTime() - Date.now()) : undefined;
    try {
      await core.reports.markPolled(feedPoll(startedAt, core.now(), nextInMs));
      return true;
    } catch (error) {
      this.storeFailing(core.reports.describeFailure(error));
      return false;
    }
  }

  private listUnreadable(error: unknown): void {
    if (this.outageSince) return;
    this.outageSince = this.options.core.now();
    this.logger.warn(
      { error: error instanceof ChatApiError ? error.message : String(error) },
      "report feed: the chat API's report list cannot be read; polling goes on",
    );
  }

  private listReadable(): void {
    if (!this.outageSince) return;
    this.logger.info(
      { outageSeconds: this.secondsSince(this.outageSince) },
      "report feed: the report list can be read again",
    );
    this.outageSince = undefined;
  }

  private storeFailing(problem: string): void {
    if (this.storeFailure) return;
    this.storeFailure = { since: this.options.core.now(), problem };
    this.logger.warn(
      { error: problem },
      "report feed: the reports read from the chat API cannot be stored; polling goes on",
    );
  }

  private storeWorks(): void {
    if (!this.storeFailure) return;
    this.logger.info(
      { outageSeconds: this.secondsSince(this.storeFailure.since) },
      "report feed: the reports read can be stored again",
    );
    this.storeFailure = undefined;
  }

  private secondsSince(since: Date): number {
    return Math.round((this.options.core.now().getTime() - since.getTime()) / 1000);
  }

  /** What a delivery shows, from the store as it is now. */
  private async content(delivery: Delivery, destination: Destination): Promise<View | undefined> {
    const { core } = this.options;
    if (delivery.kind === "post-case") {
      const recorded = await core.cases.get(delivery.subject);
      if (!recorded) return undefined;
      const unposted =
        recorded.outcome === "denied" ? await core.denials.unpostedBefore(recorded) : 0;
      const target = recorded.target && (await core.players.label(recorded.target));
      return caseView(recorded, unposted, target);
    }
    if (delivery.kind === "post-alert") return this.alerts.view(delivery.subject);
    if (delivery.kind === "post-reminder") {
      return reminderContent(delivery.subject, destination, {
        reminders: this.reminders,
        reports: core.reports,
        now: core.now,
        remindMinutes: this.options.remindMinutes ?? 0,
        logger: this.logger,
      });
    }
    if (delivery.kind === "post-digest") {
      const digest = await this.digests.get(delivery.subject);
      if (!digest) return undefined;
      return digestView(digest, {
        reports: core.reports,
        triage: core.triage,
        players: core.players,
        readBans: () => core.api.readBans(),
        now: core.now,
      });
    }
    const card = await core.reports.card(delivery.subject);
    if (!card) return undefined;
    return cardView(card, core.settings.chatTimeZone, await core.triage.assess(card));
  }
}
