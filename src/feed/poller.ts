// One poll of the report list: fetch, diff against the store by report_id, and write what is new
// or changed together with the deliveries it owes, in ONE transaction. A report is therefore
// either not seen (and taken next poll) or seen with its posts owed: never lost, never owed
// twice. The very first poll (an empty store) posts only the newest REPORT_BACKFILL reports and
// records the rest as seen. Reports against one player due in the same poll share a card, and
// so does a later report while that player's card is open and younger than REPORT_GROUP_MINUTES.
// Only the leading replica polls, but a fail-over can let two polls overlap: each report is
// recorded with ON CONFLICT DO NOTHING and a change stored only if the row does not read so
// already, and only what this poll wrote is owed, so an overlap writes nothing twice.
// A known id listed against another player is a new report (report-store.ts: the next
// generation of the id), posted like any new one; the earlier report's card stays as it was, and
// is edited once to say that the id was reused.
// What the store cannot hold is never written: a report whose id is no safe integer is skipped
// (storable-report.ts). Should the store still refuse a value, the poll's reports are written one
// by one, each in its own transaction, and only the refused one is skipped, so one odd report
// never keeps the others out. A store that fails as a whole fails the poll as
// ReportsNotStoredError: the list was read, and the store is what to look at.
import type { Logger } from "pino";
import type { ChatApiClient } from "../chat-api/client.js";
import type { Report } from "../chat-api/schemas.js";
import type { PlayerDirectory } from "../moderation/player-directory.js";
import { refusedForValue } from "../store/refused-value.js";
import type { DestinationName } from "./destination.js";
import type { PollMetrics } from "./feed-metrics.js";
import type { Outbox } from "./outbox.js";
import {
  fingerprintOf,
  type ReportKey,
  type ReportStore,
  type SeenReport,
} from "./report-store.js";
import { storableReport } from "./storable-report.js";

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
  /**
   * Reports read but not stored, with why: an id the store cannot hold, or a value it refused
   * (that one is tried again at the next poll).
   */
  skipped: string[];
}

/** The list was read, but what it holds could not be stored: the store is what failed. */
export class ReportsNotStoredError extends Error {
  override name = "ReportsNotStoredError";
}

/**
 * What one poll writes: reports new to the store, reports whose id the store holds against
 * another player, and reports whose fingerprint changed.
 */
interface Batch {
  fresh: Report[];
  reused: Report[];
  changed: Report[];
}

/** A report this poll recorded and posts, by its key in the store. */
interface Posted {
  report: Report;
  key: ReportKey;
}

/** How a poll writes its batch: which of the new reports it posts, and whether it is the first. */
interface Writing {
  due: ReadonlySet<Report>;
  firstPoll: boolean;
  now: Date;
  /** The cards the poll's result names already, opened or updated: each write adds one once. */
  named: Set<number>;
}

export class ReportPoller {
  /**
   * report_id → the newest report seen with it (player, fingerprint), loaded once from the store,
   * kept in step: the diff runs in memory. A replica that polled before may hold an old map; what
   * it then takes for new or changed was written by the other, and the store's conditional writes
   * skip it, after which the map is loaded again.
   */
  private known: Map<number, SeenReport> | undefined;
  private lastDigest: string | undefined;
  /** What the log was last told was skipped: a report skipped poll after poll is warned of once. */
  private warnedSkipped = new Set<string>();

  constructor(
    private readonly api: ChatApiClient,
    private readonly store: ReportStore,
    private readonly outbox: Outbox,
    private readonly settings: PollSettings,
    private readonly now: () => Date,
    private readonly logger: Pick<Logger, "warn">,
    private readonly metrics?: PollMetrics,
    /** Learns the players of what each poll writes, in its transaction. */
    private readonly players?: PlayerDirectory,
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
    let applied: { result: PollResult; refused: boolean };
    try {
      applied = await this.apply(fetched.items.reports);
    } catch (error) {
      throw new ReportsNotStoredError(this.store.describeFailure(error), { cause: error });
    }
    const { result } = applied;
    result.unreadable = fetched.items.unreadable;
    for (const problem of fetched.items.unreadable) {
      this.logger.warn({ problem }, "a report in the list could not be read; skipped for now");
    }
    this.warnSkipped(result.skipped);
    // A list with unreadable items, or with a report the store refused, is read again next time,
    // so they are taken once fixed. An id the store cannot hold stays so: that does not count.
    const again = fetched.items.unreadable.length > 0 || applied.refused;
    this.lastDigest = again ? undefined : fetched.digest;
    return result;
  }

  private async apply(
    listed: readonly Report[],
  ): Promise<{ result: PollResult; refused: boolean }> {
    const result = emptyResult();
    const reports = this.storable(listed, result);
    const firstPoll = this.known === undefined && !(await this.store.feedStarted());
    const known = await this.knownReports();
    const fresh = new Map<number, Report>();
    const reused: Report[] = [];
    const changed: Report[] = [];
    for (const report of reports) {
      const seen = known.get(report.report_id);
      if (seen === undefined) fresh.set(report.report_id, report);
      else if (seen.target !== report.to_gamer_id) reused.push(report);
      else if (seen.fingerprint !== fingerprintOf(report)) changed.push(report);
    }
    const now = this.now();
    if (fresh.size === 0 && reused.length === 0 && changed.length === 0) {
      // An empty list read is a first poll too: what arrives next is news, not backlog.
      if (firstPoll) await this.store.markFeedStarted(now);
      return { result, refused: false };
    }

    const writing: Writing = {
      due: firstPoll
        ? newest([...fresh.values()], this.settings.backfill)
        : new Set(fresh.values()),
      firstPoll,
      now,
      named: new Set(),
    };
    const batch: Batch = { fresh: [...fresh.values()], reused, changed };
    try {
      await this.write(batch, writing, result);
      return { result, refused: false };
    } catch (error) {
      if (!refusedForValue(error)) throw error;
    }
    return { result, refused: await this.writeOneByOne(batch, writing, result) };
  }

  /** The reports the store can hold; the others go to `result.skipped`, with why. */
  private storable(listed: readonly Report[], result: PollResult): Report[] {
    const reports: Report[] = [];
    for (const report of listed) {
      const storable = storableReport(report);
      if (storable.ok) reports.push(storable.report);
      else result.skipped.push(storable.problem);
    }
    return reports;
  }

  /**
   * One report the store refuses must not keep the others out: each is written alone, in its own
   * transaction, and a refused one is skipped (it is not remembered, so the next poll tries it
   * again). Answers whether any was refused. A failure other than a refused value is the store's
   * own, and ends the poll.
   */
  private async writeOneByOne(
    batch: Batch,
    writing: Writing,
    result: PollResult,
  ): Promise<boolean> {
    const alone = (part: Partial<Batch>): Batch => ({
      fresh: [],
      reused: [],
      changed: [],
      ...part,
    });
    const single = [
      ...[...batch.fresh].sort(oldestFirst).map((report) => alone({ fresh: [report] })),
      ...batch.reused.map((report) => alone({ reused: [report] })),
      ...batch.changed.map((report) => alone({ changed: [report] })),
    ];
    let refused = false;
    for (const part of single) {
      try {
        await this.write(part, writing, result);
      } catch (error) {
        if (!refusedForValue(error)) throw error;
        refused = true;
        const report = part.fresh[0] ?? part.reused[0] ?? part.changed[0];
        result.skipped.push(`report ${report?.report_id}: ${this.store.describeFailure(error)}`);
      }
    }
    return refused;
  }

  /** Writes `batch` in one transaction; once it has committed, remembers it and adds to `result`. */
  private async write(batch: Batch, writing: Writing, result: PollResult): Promise<void> {
    const { now } = writing;
    const written = emptyResult();
    const seen = new Map<number, SeenReport>();
    const reuses: { reportId: number; was: string; now: string }[] = [];
    let firstSeen = 0;
    // Set when the store held what the map did not (another replica's poll wrote it first).
    let stale = false;
    await this.store.transaction(async () => {
      if (writing.firstPoll) await this.store.markFeedStarted(now);
      // Recorded first, each batch in one statement, so that only what this poll recorded is
      // posted: a poll on another replica that overlapped this one owes the rest.
      const recorded = await this.store.recordAll(batch.fresh, now);
      firstSeen = recorded.size;
      stale = recorded.size < batch.fresh.length;
      const posted: Posted[] = [];
      for (const report of batch.fresh) {
        seen.set(report.report_id, seenAs(report, 0));
        if (!recorded.has(report.report_id)) continue;
        if (writing.due.has(report)) posted.push({ report, key: keyOf(report, 0) });
        else written.recordedOnly += 1;
      }
      const edited = new Set<number>();
      const changed = [...batch.changed];
      // Ascending ids, as recordAll: racing polls lock rows in one order.
      for (const report of ascending(batch.reused)) {
        const reuse = await this.store.recordReuse(report, now);
        if (reuse.kind !== "recorded") {
          stale = true;
          if (reuse.kind === "same-player") changed.push(report);
          continue;
        }
        firstSeen += 1;
        posted.push({ report, key: reuse.key });
        seen.set(report.report_id, seenAs(report, reuse.key.generation));
        if (reuse.earlier.cardId !== undefined) edited.add(reuse.earlier.cardId);
        reuses.push({
          reportId: report.report_id,
          was: reuse.earlier.target,
          now: report.to_gamer_id,
        });
      }
      await this.post(byTarget(posted), now, written);
      for (const report of changed) {
        const generation = this.known?.get(report.report_id)?.generation ?? 0;
        seen.set(report.report_id, seenAs(report, generation));
      }
      for (const cardId of await this.store.updateAll(changed)) edited.add(cardId);
      await this.owesEdits([...edited], written);
      // Both players of every new report, with the names it gives them: one row per player and
      // name, a batch per statement. A changed report changed its status, not its players.
      await this.players?.sawInReports([...batch.fresh, ...batch.reused], now);
    });
    // Only after the commit: a rolled-back write must leave these to be found again.
    if (stale) this.known = undefined;
    else for (const [reportId, report] of seen) (await this.knownReports()).set(reportId, report);
    for (const reuse of reuses) {
      this.logger.warn(
        reuse,
        "the chat API reused a report id for another player: posted as a new report; the earlier card stays as it was",
      );
    }
    this.metrics?.reportsFirstSeen(firstSeen);
    // Sets, not lists searched: a poll may open or edit tens of thousands of cards, and one
    // whose store refused a value writes its reports one by one, adding to the result each time.
    for (const cardId of written.opened) writing.named.add(cardId);
    result.opened.push(...written.opened);
    for (const cardId of written.updated) {
      if (writing.named.has(cardId)) continue;
      writing.named.add(cardId);
      result.updated.push(cardId);
    }
    result.recordedOnly += written.recordedOnly;
  }

  /** Warns of each skipped report once, however many polls skip it again. */
  private warnSkipped(skipped: readonly string[]): void {
    for (const problem of skipped) {
      if (this.warnedSkipped.has(problem)) continue;
      this.logger.warn({ problem }, "a report could not be stored; skipped, the others are posted");
    }
    this.warnedSkipped = new Set(skipped);
  }
  /**
   * Each player's new reports: onto their open, young card, or onto a new one. Written a batch
   * per statement however many players arrive: the cards opened, then every report put on its
   * card, then the posts owed.
   */
  private async post(groups: Posted[][], now: Date, result: PollResult): Promise<void> {
    if (groups.length === 0) return;
    const since = new Date(now.getTime() - this.settings.groupMinutes * 60_000);
    const young = await this.store.youngOpenCards(
      groups.map((group) => targetOf(group)),
      since,
    );
    // Oldest group first: card ids, and so the posts, follow report time.
    const opened = await this.store.openCards(
      groups.map(targetOf).filter((target) => !young.has(target)),
      now,
    );
    const cards = new Map([...young, ...opened]);
    await this.store.attachEach(
      groups.flatMap((group) => {
        const cardId = cards.get(targetOf(group));
        if (cardId === undefined) throw new Error(`no card for ${targetOf(group)}`);
        return group.map((posted) => ({ key: posted.key, cardId }));
      }),
    );
    await this.outbox.enqueueAll(this.settings.reportDestinations, "post-card", [
      ...opened.values(),
    ]);
    result.opened.push(...opened.values());
    await this.owesEdits(
      groups.flatMap((group) => young.get(targetOf(group)) ?? []),
      result,
    );
  }

  private async owesEdits(cardIds: readonly number[], result: PollResult): Promise<void> {
    const news = [...new Set(cardIds)];
    if (news.length === 0) return;
    await this.outbox.enqueueAll(this.settings.reportDestinations, "edit-card", news);
    const named = new Set([...result.opened, ...result.updated]);
    result.updated.push(...news.filter((cardId) => !named.has(cardId)));
  }

  private async knownReports(): Promise<Map<number, SeenReport>> {
    this.known ??= await this.store.seen();
    return this.known;
  }
}

function emptyResult(): PollResult {
  return {
    unchanged: false,
    opened: [],
    updated: [],
    recordedOnly: 0,
    unreadable: [],
    skipped: [],
  };
}

/** The `count` newest by create_at, then report_id (ids need not follow time). */
function newest(reports: readonly Report[], count: number): Set<Report> {
  const sorted = [...reports].sort(
    (a, b) => b.create_at.localeCompare(a.create_at) || b.report_id - a.report_id,
  );
  return new Set(sorted.slice(0, count));
}

/** By create_at, then report_id: the order cards are opened in. */
function oldestFirst(a: Report, b: Report): number {
  return a.create_at.localeCompare(b.create_at) || a.report_id - b.report_id;
}

/** Reports grouped by the player they are against, each group oldest first. */
function byTarget(posted: readonly Posted[]): Posted[][] {
  const groups = new Map<string, Posted[]>();
  const ordered = [...posted].sort((a, b) => oldestFirst(a.report, b.report));
  for (const entry of ordered) {
    const group = groups.get(entry.report.to_gamer_id);
    if (group) group.push(entry);
    else groups.set(entry.report.to_gamer_id, [entry]);
  }
  return [...groups.values()];
}

function targetOf(group: readonly Posted[]): string {
  return group[0]?.report.to_gamer_id ?? "";
}

function ascending(reports: readonly Report[]): Report[] {
  return [...reports].sort((a, b) => a.report_id - b.report_id);
}

function keyOf(report: Report, generation: number): ReportKey {
  return { reportId: report.report_id, generation };
}

function seenAs(report: Report, generation: number): SeenReport {
  return { generation, target: report.to_gamer_id, fingerprint: fingerprintOf(report) };
}
