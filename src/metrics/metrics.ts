// The bot's Prometheus series (`chatwarden_…`), on a registry of their own: never prom-client's
// global one, so that two cores in one process (tests, the demo beside serve) keep apart counts
// and a scrape shows only this bot's. The instrumented parts (the command runner, the chat API
// client, the poller, the drainers) call the methods below with domain words; turning those
// into bounded label values happens here. A label value is never a gamer id, a reason, a
// message or anything else a user typed: each distinct value is a new series, kept for weeks.
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from "prom-client";
import type { ChatApiExchange } from "../chat-api/client.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import type { DestinationName } from "../feed/destination.js";
import type {
  DeliveryMetrics,
  DeliveryResult,
  PollMetrics,
  PollResultLabel,
} from "../feed/feed-metrics.js";
import type { DeliveryKind } from "../feed/outbox.js";
import type { Platform } from "../moderation/roles.js";
import type { Outcome } from "../view/view.js";
import { buttonAction } from "./button-action.js";

/** How one poll of the report list went: read and diffed, byte for byte as before, or failed. */

/**
 * How one delivery went. `sent`: posted or edited. `already_posted`: found posted by an attempt
 * before a crash. `skipped`: nothing to send (an edit of a message that was never posted).
 * `retry`: failed, tried again later. `given_up`: refused for good, or its subject is gone.
 */

/** What the outbox-depth gauge reads at each scrape. */
export interface FeedSource {
  outbox: { depth(destination: string): Promise<number> };
  destinations: readonly DestinationName[];
  /** The zone of the chat API's `create_at` timestamps (CHAT_TIMEZONE), for the feed lag. */
  chatTimeZone: string;
  /** The cards nobody has settled, read from the store at each scrape: how many, and the oldest's opening (epoch ms). */
  backlog(): Promise<{ open: number; oldestOpenedAt: number | undefined }>;
  /** The core's clock, for the oldest card's age. */
  now(): Date;
}

/** Every `chatwarden_` series: name, type and labels (docs/operations.md's table and the dashboard test). */
export const SERIES = {
  commands: "chatwarden_commands_total",
  buttonPresses: "chatwarden_button_presses_total",
  chatApiRequests: "chatwarden_chat_api_requests_total",
  chatApiDuration: "chatwarden_chat_api_request_duration_seconds",
  polls: "chatwarden_report_polls_total",
  reportsSeen: "chatwarden_reports_seen_total",
  feedLag: "chatwarden_feed_lag_seconds",
  outboxDepth: "chatwarden_outbox_depth",
  deliveries: "chatwarden_deliveries_total",
  rateLimited: "chatwarden_rate_limited_total",
  leader: "chatwarden_leader",
  openCards: "chatwarden_open_cards",
  oldestOpenCard: "chatwarden_oldest_open_card_seconds",
  cardWait: "chatwarden_card_wait_seconds",
} as const;

/** Chat API calls: a few ms on a LAN, up to CHAT_API_TIMEOUT_MS (5 s by default, at most 120 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
/** Report to message: one poll period (30 s by default) plus the platform's pace; hours after an outage. */
const LAG_BUCKETS = [1, 2, 5, 10, 20, 30, 45, 60, 120, 300, 600, 1800, 3600, 21600];

/** A card's wait for a moderator: a minute when the team is on it, days over a holiday. */
const WAIT_BUCKETS = [30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400, 259200];

export class Metrics implements PollMetrics, DeliveryMetrics {
  /** This bot's registry: what /metrics shows. */
  readonly registry = new Registry();
  private feed: FeedSource | undefined;
  private leading: (() => boolean) | undefined;
  private processMetrics = false;

  private readonly commands = new Counter({
    name: SERIES.commands,
    help: "Commands run, by command name, the platform they came from, and the outcome shown (a confirmed command counts once as confirm, then again with its result).",
    labelNames: ["command", "platform", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly buttonPresses = new Counter({
    name: SERIES.buttonPresses,
    help: "Buttons pressed, by action (ban1, ban7, dismiss, only, history, confirm, cancel, page) and the outcome shown.",
    labelNames: ["action", "result"] as const,
    registers: [this.registry],
  });
  private readonly chatApiRequests = new Counter({
    name: SERIES.chatApiRequests,
    help: "HTTP requests to the chat API, each retry included, by endpoint path, method and HTTP status (network or timeout when no answer came).",
    labelNames: ["endpoint", "method", "status"] as const,
    registers: [this.registry],
  });
  private readonly chatApiDuration = new Histogram({
    name: SERIES.chatApiDuration,
    help: "Time from sending a chat API request to having its whole answer (or giving up on it).",
    labelNames: ["endpoint", "method"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly polls = new Counter({
    name: SERIES.polls,
    help: "Polls of the report list: ok (read and compared), unchanged (the same body as before), failed.",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  private readonly reportsSeen = new Counter({
    name: SERIES.reportsSeen,
    help: "Reports seen for the first time by the poll (the first poll's backfill included).",
    registers: [this.registry],
  });
  private readonly feedLag = new Histogram({
    name: SERIES.feedLag,
    help: "Time from a report's create_at to its message being posted, by destination; observed once per report on a card's first post.",
    labelNames: ["destination"] as const,
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: SERIES.deliveries,
    help: "Outbox deliveries attempted, by destination, kind (post-card, edit-card, post-case) and result (sent, already_posted, skipped, retry, given_up).",
    labelNames: ["destination", "kind", "result"] as const,
    registers: [this.registry],
  });
  private readonly outboxDepth: Gauge<"destination"> = new Gauge({
    name: SERIES.outboxDepth,
    help: "Deliveries owed to a destination (pending or in flight), read from the outbox at each scrape.",
    labelNames: ["destination"] as const,
    registers: [this.registry],
    collect: () => this.readOutboxDepth(),
  });
  private readonly rateLimited = new Counter({
    name: SERIES.rateLimited,
    help: "Rate-limit answers (429 with Retry-After) that reached a destination's drainer.",
    labelNames: ["destination"] as const,
    registers: [this.registry],
  });

  private readonly leader = new Gauge({
    name: SERIES.leader,
    help: "1 while this replica leads (holds the Discord gateway session, polls, delivers), else 0; with SQLite the one process always leads.",
    registers: [this.registry],
    collect: () => {
      if (this.leading) this.leader.set(this.leading() ? 1 : 0);
    },
  });

  // The moderation panels (backlog, time to action) from counts and times alone: no label names a
  // player, a report or a moderator. Every replica reads the same store, so dashboards take max().
  private readonly openCards = new Gauge({
    name: SERIES.openCards,
    help: "Report cards nobody has banned or dismissed yet (the backlog), read from the store at each scrape.",
    registers: [this.registry],
    collect: () => this.readBacklogOnce(),
  });
  private readonly oldestOpenCard = new Gauge({
    name: SERIES.oldestOpenCard,
    help: "How long the oldest unsettled report card has waited since it opened, read at each scrape; 0 when none waits.",
    registers: [this.registry],
    collect: () => this.readBacklogOnce(),
  });
  /** The store read both backlog gauges await: a scrape collects them side by side. */
  private backlogRead: Promise<void> | undefined;
  private readonly cardWait = new Histogram({
    name: SERIES.cardWait,
    help: "Time from a report card opening to its settlement (banned or dismissed), observed once per card by the replica that settled it.",
    labelNames: ["outcome"] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });

  /** Whether this replica leads, read at each scrape. */
  watchLeadership(leading: () => boolean): void {
    this.leading = leading;
  }

  /** The outbox whose depth is read at each scrape, and the zone of report timestamps. */
  watchFeed(source: FeedSource): void {
    this.feed = source;
  }

  /** Node's process metrics (CPU, memory, event-loop lag, GC), for serve; once is enough. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** The Prometheus text exposition of every series. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** `command` is a catalogue name, or anything else for an unknown one (counted as `unknown`). */
  commandRan(command: string | undefined, platform: Platform, outcome: Outcome): void {
    this.commands.inc({ command: command ?? "unknown", platform, outcome });
  }

  buttonPressed(actionId: string, result: Outcome): void {
    this.buttonPresses.inc({ action: buttonAction(actionId), result });
  }

  chatApiExchange(exchange: ChatApiExchange): void {
    const { endpoint, method } = exchange;
    this.chatApiRequests.inc({ endpoint, method, status: String(exchange.status) });
    this.chatApiDuration.observe({ endpoint, method }, exchange.seconds);
  }

  polled(result: PollResultLabel): void {
    this.polls.inc({ result });
  }

  reportsFirstSeen(count: number): void {
    if (count > 0) this.reportsSeen.inc(count);
  }

  delivered(destination: DestinationName, kind: DeliveryKind, result: DeliveryResult): void {
    this.deliveries.inc({ destination, kind, result });
  }

  rateLimitedAt(destination: DestinationName): void {
    this.rateLimited.inc({ destination });
  }

  /** Awaited by prom-client at each scrape (an async `collect`): the outbox is in the store. */
  private async readOutboxDepth(): Promise<void> {
    this.outboxDepth.reset();
    const feed = this.feed;
    if (!feed) return;
    try {
      const depths = await Promise.all(
        feed.destinations.map((destination) => feed.outbox.depth(destination)),
      );
      feed.destinations.forEach((destination, index) => {
        this.outboxDepth.set({ destination }, depths[index] ?? 0);
      });
    } catch {
      // A store that cannot be read (closed, unreadable) leaves the gauge empty rather than failing
      // the whole scrape; /readyz says what is wrong with the store.
      this.outboxDepth.reset();
    }
  }

  /** A card was settled (`banned` or `dismissed`) after waiting `waitedMs` since it opened. */
  cardSettled(outcome: "banned" | "dismissed", waitedMs: number): void {
    // A clock set back between opening and settling would give a negative wait: counted as none.
    this.cardWait.observe({ outcome }, Math.max(0, waitedMs) / 1000);
  }

  /** One read of the backlog for the two gauges a scrape collects at once. */
  private readBacklogOnce(): Promise<void> {
    this.backlogRead ??= this.readBacklog().finally(() => {
      this.backlogRead = undefined;
    });
    return this.backlogRead;
  }

  /** Awaited at each scrape, like the outbox depth: the backlog is in the store. */
  private async readBacklog(): Promise<void> {
    this.openCards.reset();
    this.oldestOpenCard.reset();
    const feed = this.feed;
    if (!feed) return;
    try {
      const backlog = await feed.backlog();
      this.openCards.set(backlog.open);
      const oldest = backlog.oldestOpenedAt;
      this.oldestOpenCard.set(
        oldest === undefined ? 0 : Math.max(0, (feed.now().getTime() - oldest) / 1000),
      );
    } catch {
      // As for the outbox depth: an unreadable store leaves the gauges empty; /readyz says why.
      this.openCards.reset();
      this.oldestOpenCard.reset();
    }
  }

  /** A card was posted to `destination` at `postedAt`, showing reports created at `createdAt`. */
  cardPosted(destination: DestinationName, createdAt: readonly string[], postedAt: Date): void {
    const labels: LabelValues<"destination"> = { destination };
    for (const text of createdAt) {
      const created = parseLocalTimestamp(text, this.feed?.chatTimeZone ?? "UTC");
      // A clock running behind the API's would give a negative lag: it is counted as none.
      if (created) {
        this.feedLag.observe(labels, Math.max(0, (postedAt.getTime() - created.getTime()) / 1000));
      }
    }
  }
}
