// One poll of the report list: fetch, diff against the store by report_id, and write what is new
// or changed together with the deliveries it owes, in ONE transaction. A report is therefore
// either not seen (and taken next poll) or seen with its posts owed: never lost, never owed
// twice. The very first poll (an empty store) posts only the newest REPORT_BACKFILL reports and
// records the rest as seen. Reports against one player due in the same poll share a card, and
// so does a later report while that player's card is open and younger than REPORT_GROUP_MINUTES.
import type { Logger } from "pino";
import type { ChatApiClient } from "../chat-api/client.js";
import type { Report } from "../chat-api/schemas.js";
import type { DestinationName } from "./destination.js";
import type { PollMetrics } from "./feed-metrics.js";
import type { Outbox } from "./outbox.js";
import { fingerprintOf, type ReportStore } from "./report-store.js";

export interface PollSettings {
  backfill: number;
  groupMinutes: number;
  reportDestinations: readonly DestinationName[];
}

export interface PollResult {
  /** The body was the same as last time: nothing was parsed. */
  unchanged: boolean;
  /** Cards that were opened, and cards that gained reports or whose reports changed. */
  opened: number[];
  updated: number[];
  /** Reports recorded as seen without being posted (the backfill's older part). */
  recordedOnly: number;
  /** Items of the list that could not be read, with why; they are taken when they become readable. */
  unreadable: string[];
}

export class ReportPoller {
  /** report_id → fingerprint of everything seen, loaded once from the store, kept in step. */
  private known: Map<number, string> | undefined;
  private lastDigest: string | undefined;

  constructor(
    private readonly api: ChatApiClient,
    private readonly store: ReportStore,
    private readonly outbox: Outbox,
    private readonly settings: PollSettings,
    private readonly now: () => Date,
    private readonly logger: Pick<Logger, "warn">,
    private readonly metrics?: PollMetrics,
  ) {}

  async poll(): Promise<PollResult> {
    let result: PollResult;
    try {
      result = await this.pollOnce();
    } catch (error) {
      this.metrics?.polled("failed");
      throw error;
    }
    this.metrics?.polled(result.unchanged ? "unchanged" : "ok");
    return result;
  }

  private async pollOnce(): Promise<PollResult> {
    const fetched = await this.api.listReportItems(this.lastDigest);
    if (fetched.items === undefined) return { ...emptyResult(), unchanged: true };
    const result = this.apply(fetched.items.reports);
    result.unreadable = fetched.items.unreadable;
    for (const problem of fetched.items.unreadable) {
      this.logger.warn({ problem }, "a report in the list could not be read; skipped for now");
    }
    // A list with unreadable items is read again next time, so they are taken once fixed.
    this.lastDigest = fetched.items.unreadable.length === 0 ? fetched.digest : undefined;
    return result;
  }

  private apply(reports: readonly Report[]): PollResult {
    const result = emptyResult();
    const firstPoll = this.known === undefined && this.store.isEmpty();
    const known = this.knownReports();
    const fresh: Report[] = [];
    const changed: Report[] = [];
    for (const report of reports) {
      const seen = known.get(report.report_id);
      if (seen === undefined) fresh.push(report);
      else if (seen !== fingerprintOf(report)) changed.push(report);
    }
    if (fresh.length === 0 && changed.length === 0) return result;

    const due = firstPoll ? newest(fresh, this.settings.backfill) : new Set(fresh);
    const now = this.now();
    this.store.transaction(() => {
      for (const report of fresh) {
        if (!due.has(report)) {
          this.store.record(report, now, undefined);
          result.recordedOnly += 1;
        }
      }
      for (const group of byTarget(fresh.filter((report) => due.has(report)))) {
        this.post(group, now, result);
      }
      for (const report of changed) {
        const cardId = this.store.update(report);
        if (cardId !== undefined) this.owesEdit(cardId, result);
      }
    });
    // Only after the commit: a rolled-back poll must leave these to be found again.
    for (const report of [...fresh, ...changed]) known.set(report.report_id, fingerprintOf(report));
    this.metrics?.reportsFirstSeen(fresh.length);
    return result;
  }

  /** One player's new reports: onto their open, young card, or onto a new one. */
  private post(group: Report[], now: Date, result: PollResult): void {
    const target = group[0]?.to_gamer_id ?? "";
    const since = new Date(now.getTime() - this.settings.groupMinutes * 60_000);
    const joined = this.store.youngOpenCard(target, since);
    const cardId = joined ?? this.store.openCard(target, now);
    for (const report of group) this.store.record(report, now, cardId);
    if (joined !== undefined) {
      this.owesEdit(cardId, result);
      return;
    }
    for (const destination of this.settings.reportDestinations) {
      this.outbox.enqueue(destination, "post-card", cardId);
    }
    result.opened.push(cardId);
  }

  private owesEdit(cardId: number, result: PollResult): void {
    for (const destination of this.settings.reportDestinations) {
      this.outbox.enqueue(destination, "edit-card", cardId);
    }
    if (!result.updated.includes(cardId) && !result.opened.includes(cardId)) {
      result.updated.push(cardId);
    }
  }

  private knownReports(): Map<number, string> {
    this.known ??= this.store.fingerprints();
    return this.known;
  }
}

function emptyResult(): PollResult {
  return { unchanged: false, opened: [], updated: [], recordedOnly: 0, unreadable: [] };
}

/** The `count` newest by create_at, then report_id (ids need not follow time). */
function newest(reports: readonly Report[], count: number): Set<Report> {
  const sorted = [...reports].sort(
    (a, b) => b.create_at.localeCompare(a.create_at) || b.report_id - a.report_id,
  );
  return new Set(sorted.slice(0, count));
}

/** Reports grouped by the player they are against, each group oldest first. */
function byTarget(reports: readonly Report[]): Report[][] {
  const groups = new Map<string, Report[]>();
  const ordered = [...reports].sort(
    (a, b) => a.create_at.localeCompare(b.create_at) || a.report_id - b.report_id,
  );
  for (const report of ordered) {
    const group = groups.get(report.to_gamer_id);
    if (group) group.push(report);
    else groups.set(report.to_gamer_id, [report]);
  }
  return [...groups.values()];
}
