// One poll of the report list: fetch, diff against the store by report_id, and write what is new
// or changed together with the deliveries it owes, in ONE transaction. A report is therefore
// either not seen (and taken next poll) or seen with its posts owed: never lost, never owed
// twice. The very first poll (an empty store) posts only the newest REPORT_BACKFILL reports and
// records the rest as seen. Reports against one player due in the same poll share a card, and
// so does a later report while that player's card is open and younger than REPORT_GROUP_MINUTES.
// Only the leading replica polls, but a fail-over can let two polls overlap: each report is
// recorded with ON CONFLICT DO NOTHING and a change stored only if the row does not read so
// already, and only what this poll wrote is owed, so an overlap writes nothing twice.
// Before it writes reports to post, a poll reads the chat API's ban list and keeps the ban count
// of their players (ban-record.ts) in the same transaction, so that each card is first shown with
// the bans its player had, made through the bot or not; a list it cannot read leaves the counts
// as they were, and the cards go out all the same.
// A card the poll finds high priority, as it opens or as reports join it, owes its alert in the
// same transaction, once (card-alerts.ts), when an alert is configured.
// A known id listed against another player is a new report (report-store.ts: the next
// generation of the id), posted like any new one; the earlier report's card stays as it was, and
// is edited once to say that the id was reused.
// What the store cannot hold is never written: a report whose id is no safe integer is skipped
// (storable-report.ts). Should the store still refuse a value, the poll's reports are written one
// by one, each in its own transaction, and only the refused one is skipped, so one odd report
// never keeps the others out. A store that fails as a whole fails the poll as
// ReportsNotStoredError: the list was read, and the store is what to look at.
// A list of 100,000 reports is never held parsed: it is read item by item from the body's bytes,
// what the store holds as listed is dropped as it is read, and new reports are kept as their
// place in the list until they are written, a batch at a time (fresh-reports.ts). The very first
// poll, which finds every report new, holds about 2.4 times the body at its peak where it held 9;
// the map it keeps is typed arrays (seen-reports.ts).
import type { Logger } from "pino";
import type { ChatApiClient } from "../chat-api/client.js";
import { ChatApiError } from "../chat-api/errors.js";
import type { ItemsInBody } from "../chat-api/list-items.js";
import type { Report } from "../chat-api/schemas.js";
import type { ApiBanCount, BanRecord } from "../moderation/ban-record.js";
import type { PlayerDirectory } from "../moderation/player-directory.js";
import { refusedForValue } from "../store/refused-value.js";
import type { CardAlerts } from "./card-alerts.js";
import type { DestinationName } from "./destination.js";
import type { PollMetrics } from "./feed-metrics.js";
import { FreshReports } from "./fresh-reports.js";
import type { Outbox } from "./outbox.js";
import { fingerprintOf, type ReportKey, type ReportStore } from "./report-store.js";
import { type SeenReport, SeenReports } from "./seen-reports.js";
import { storableReport, withNulShown } from "./storable-report.js";

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
 * What one poll writes: reports new to the store (kept as their place in the list, and read again
 * when written), reports whose id the store holds against another player, and reports whose
 * fingerprint changed. Reports the store holds as they are listed are dropped as they are read.
 */
interface Batch {
  fresh: FreshReports;
  reused: Report[];
  changed: Report[];
}

/**
 * New reports read again from the list and written at a time. Small enough that a batch is
 * garbage before V8 moves it to its old space: batches of 3,750 (a full statement) survived their
 * young collections, and a first poll of 100,000 left about 100 MB of them to the next full one.
 */
const REREAD_BATCH = 1_000;

/** A report this poll recorded and posts, by its key in the store. */
interface Posted {
  report: Report;
  key: ReportKey;
}

/** How a poll writes its batch: which of the new reports it posts, and whether it is the first. */
interface Writing {
  due: (reportId: number) => boolean;
  firstPoll: boolean;
  now: Date;
  /** The cards the poll's result names already, opened or updated: each write adds one once. */
  named: Set<number>;
  /** The chat API's ban counts of the players whose reports are posted, as read before writing. */
  banCounts: readonly ApiBanCount[];
}

export class ReportPoller {
  /**
   * report_id → the newest report seen with it (player, fingerprint), loaded once from the store,
   * kept in step: the diff runs in memory. A replica that polled before may hold an old map; what
   * it then takes for new or changed was written by the other, and the store's conditional writes
   * skip it, after which the map is loaded again.
   */
  private known: SeenReports | undefined;
  private lastDigest: string | undefined;
  /** What the log was last told was skipped: a report skipped poll after poll is warned of once. */
  private warnedSkipped = new Set<string>();
  /** Whether the log was told the ban list could not be read (said once, until it can again). */
  private banListUnread = false;

  constructor(
    private readonly api: ChatApiClient,
    private readonly store: ReportStore,
    private readonly outbox: Outbox,
    private readonly banRecord: BanRecord,
    private readonly settings: PollSettings,
    private readonly now: () => Date,
    private readonly logger: Pick<Logger, "warn">,
    private readonly metrics?: PollMetrics,
    /** Learns the players of what each poll writes, in its transaction. */
    private readonly players?: PlayerDirectory,
    /** The high-priority alert, when one is configured. */
    private readonly alerts?: CardAlerts,
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
    const result = emptyResult();
    const { firstPoll, known } = await this.ofStore(() => this.memory());
    // Outside the store's work: a report in the body that is not JSON fails the poll as the
    // chat API's fault, when the diff reaches it.
    const batch = this.diff(fetched.items, known, result);
    const refused = await this.ofStore(() => this.apply(batch, firstPoll, result));
    for (const problem of result.unreadable) {
      this.logger.warn({ problem }, "a report in the list could not be read; skipped for now");
    }
    this.warnSkipped(result.skipped);
    // A list with unreadable items, or with a report the store refused, is read again next time,
    // so they are taken once fixed. An id the store cannot hold stays so: that does not count.
    const again = result.unreadable.length > 0 || refused;
    this.lastDigest = again ? undefined : fetched.digest;
    return result;
  }

  /** The store's work of a poll; its failure fails the poll as ReportsNotStoredError. */
  private async ofStore<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new ReportsNotStoredError(this.store.describeFailure(error), { cause: error });
    }
  }

  /** Whether this is the feed's very first poll, and the reports the store holds. */
  private async memory(): Promise<{ firstPoll: boolean; known: SeenReports }> {
    const firstPoll = this.known === undefined && !(await this.store.feedStarted());
    return { firstPoll, known: await this.knownReports() };
  }

  /**
   * What the listed reports are to the store, read one at a time: new ones are kept by their
   * place in the list, reused ids and changes as read, and the rest, most of a list, dropped. An
   * unreadable item goes to `result.unreadable`, a report the store cannot hold to
   * `result.skipped`, with why.
   */
  private diff(items: ItemsInBody<Report>, known: SeenReports, result: PollResult): Batch {
    const batch: Batch = {
      // The storable form again, as the first reading found it: a NUL shown as ␀.
      fresh: new FreshReports((item) => withNulShown(items.at(item)), items.count),
      reused: [],
      changed: [],
    };
    result.unreadable = items.forEach((listed, item) => {
      const storable = storableReport(listed);
      if (!storable.ok) {
        result.skipped.push(storable.problem);
        return;
      }
      const report = storable.report;
      const sighting = known.sighting(report.report_id, report.to_gamer_id, fingerprintOf(report));
      if (sighting === "new") batch.fresh.add(report, item);
      else if (sighting === "reused") batch.reused.push(report);
      else if (sighting === "changed") batch.changed.push(report);
    });
    return batch;
  }

  /** Writes the batch; answers whether the store refused a value (that report was skipped). */
  private async apply(batch: Batch, firstPoll: boolean, result: PollResult): Promise<boolean> {
    const now = this.now();
    if (batch.fresh.size === 0 && batch.reused.length === 0 && batch.changed.length === 0) {
      // An empty list read is a first poll too: what arrives next is news, not backlog.
      if (firstPoll) await this.store.markFeedStarted(now);
      return false;
    }
    const backfill = firstPoll ? batch.fresh.newest(this.settings.backfill) : undefined;
    const due = (reportId: number) => backfill === undefined || backfill.has(reportId);
    const writing: Writing = {
      due,
      firstPoll,
      now,
      named: new Set(),
      banCounts: await this.banCountsOf(
        new Set([...batch.fresh.targets(due), ...batch.reused.map((report) => report.to_gamer_id)]),
      ),
    };
    try {
      await this.write(batch, writing, result);
      return false;
    } catch (error) {
      if (!refusedForValue(error)) throw error;
    }
    return this.writeOneByOne(batch, writing, result);
  }

  /**
   * The chat API's ban counts of `players`, those the reports to post are against, read now;
   * none when there is nothing to post, or when the list cannot be read (the cards show the bans
   * known already).
   */
  private async banCountsOf(players: ReadonlySet<string>): Promise<ApiBanCount[]> {
    if (players.size === 0) return [];
    try {
      const { items } = await this.api.readBans();
      this.banListUnread = false;
      return items
        .filter((ban) => players.has(ban.gamer_id))
        .map((ban) => ({ gamerId: ban.gamer_id, count: ban.count }));
    } catch (error) {
      if (!this.banListUnread) {
        this.logger.warn(
          { error: error instanceof ChatApiError ? error.message : String(error) },
          "report feed: the ban list could not be read; cards show the bans known so far",
        );
      }
      this.banListUnread = true;
      return [];
    }
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
    let refused = false;
    const alone = async (report: Report, part: Partial<Batch>) => {
      try {
        await this.write(
          { fresh: FreshReports.of([]), reused: [], changed: [], ...part },
          writing,
          result,
        );
      } catch (error) {
        if (!refusedForValue(error)) throw error;
        refused = true;
        result.skipped.push(`report ${report.report_id}: ${this.store.describeFailure(error)}`);
      }
    };
    for (const report of batch.fresh.oldestFirst()) {
      await alone(report, { fresh: FreshReports.of([report]) });
    }
    for (const report of batch.reused) await alone(report, { reused: [report] });
    for (const report of batch.changed) await alone(report, { changed: [report] });
    return refused;
  }

  /** Writes `batch` in one transaction; once it has committed, remembers it and adds to `result`. */
  private async write(batch: Batch, writing: Writing, result: PollResult): Promise<void> {
    const { now } = writing;
    const written = emptyResult();
    // Sized for the batch: a first poll's memory of 100,000 reports is made once, not grown.
    const seen = new SeenReports(batch.fresh.size + batch.reused.length + batch.changed.length);
    const reuses: { reportId: number; was: string; now: string }[] = [];
    let firstSeen = 0;
    // Set when the store held what the map did not (another replica's poll wrote it first).
    let stale = false;
    await this.store.transaction(async () => {
      if (writing.firstPoll) await this.store.markFeedStarted(now);
      // Recorded first, a batch per statement, so that only what this poll recorded is posted: a
      // poll on another replica that overlapped this one owes the rest. Each batch is read again
      // from the list as it is written, and dropped: a first poll never holds the list's reports
      // all at once.
      const posted: Posted[] = [];
      for (const reports of batch.fresh.ascending(REREAD_BATCH)) {
        const recorded = await this.store.recordAll(reports, now);
        // Both players of each new report, with the names it gives them: one row per player and
        // name, a batch per statement.
        await this.players?.sawInReports(reports, now);
        firstSeen += recorded.size;
        if (recorded.size < reports.length) stale = true;
        for (const report of reports) {
          seen.set(report.report_id, seenAs(report, 0));
          if (!recorded.has(report.report_id)) continue;
          if (writing.due(report.report_id)) posted.push({ report, key: keyOf(report, 0) });
          else written.recordedOnly += 1;
        }
      }
      const edited = new Set<number>();
      const changed = [...batch.changed];
      // Ascending ids, as recordAll: racing polls lock rows in one order.
      await this.players?.sawInReports(batch.reused, now);
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
      await this.banRecord.recordCounts(writing.banCounts, now);
      await this.post(byTarget(posted), now, written);
      for (const report of changed) {
        const generation = this.known?.get(report.report_id)?.generation ?? 0;
        seen.set(report.report_id, seenAs(report, generation));
      }
      for (const cardId of await this.store.updateAll(changed)) edited.add(cardId);
      await this.owesEdits([...edited], written);
      await this.alerts?.raise([...written.opened, ...written.updated], now);
    });
    // Only after the commit: a rolled-back write must leave these to be found again.
    if (stale) this.known = undefined;
    // The first poll's map is all there is to know: taken as it is, not copied.
    else if (this.known?.size === 0) this.known = seen;
    else (await this.knownReports()).setAll(seen);
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

  private async knownReports(): Promise<SeenReports> {
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
