// Bans made elsewhere: the vendor's console bans and lifts bans too, and those never passed
// through the bot. Each sync reads GET /block_user_list, compares it with the list as the last
// sync stored it (listed_bans), and records as cases, by the actor "chat API (outside
// chatwarden)", every ban that is new or changed (re-made, extended: its count, start or end
// moved) that the bot did not make, and every ban gone before its end that the bot did not lift.
// A ban gone at its end expired by itself: nothing is recorded. Those cases are posted to the
// audit channels like any case, and `history`, the ladder and `stats` count them as they count
// the bot's. The first sync of a store records what it finds as "found at first sync" and posts
// nothing: those bans are not news.
//
// The bot's own bans and unbans are told apart by their cases, which exist before the chat API is
// called (intent before action, cases.ts): a ban whose case is still pending when the sync reads
// the list is the bot's all the same. Each finding is recorded under a key unique in the store
// (cases.sync_key), and the syncs of two replicas take the store_identity row first, so they run
// one after the other; a sync that another stored before (it read its list before the other
// finished) stores nothing, as its list may be the older. Every step is a batch: a list of
// 100,000 bans costs a read of listed_bans and statements of hundreds of rows, never a query a ban.
import { z } from "zod";
import { compareMarks } from "../catalogue/list-snapshot.js";
import type { ListRead } from "../chat-api/list-items.js";
import type { BlockedUser } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import type { DestinationName } from "../feed/destination.js";
import { inBatches } from "../feed/in-batches.js";
import type { Outbox } from "../feed/outbox.js";
import type { Store } from "../store/store.js";
import { visibleStandIn } from "../view/inert-text.js";
import type { BanRecord } from "./ban-record.js";
import { FOUND_AT_FIRST_SYNC, liftedEarlyReason, OUTSIDE_ACTOR } from "./case-words.js";
import { type Case, type CaseStore, type FoundCase, toCase } from "./cases.js";
import type { PlayerDirectory } from "./player-directory.js";

// Who did what the sync finds, and the reason of every case the first sync records.
export { FOUND_AT_FIRST_SYNC, OUTSIDE_ACTOR } from "./case-words.js";

/** Two clocks (the chat API's, ours) this far apart still tell one moment. */
const CLOCKS_APART_MS = 60_000;
const DAY_MS = 86_400_000;

/** Where the sync reads the bans: the chat API client. */
export interface BanListSource {
  readBans(): Promise<ListRead<BlockedUser>>;
}

/** Some items of the list could not be read: which bans are gone cannot be told, so none is. */
export class BanListUnreadableError extends Error {
  override name = "BanListUnreadableError";
  constructor(readonly unreadable: readonly string[]) {
    super(
      `${unreadable.length} item(s) of the ban list could not be read (${unreadable.slice(0, 3).join("; ")})`,
    );
  }
}

export type BanSyncResult =
  | {
      kind: "synced";
      /** The store's first sync: what it found is recorded as found, and nothing is posted. */
      first: boolean;
      /** The cases recorded by this sync (none for what another sync recorded first). */
      recorded: Case[];
      listed: number;
    }
  /** Another sync stored its list while this one read: this list may be older, and is dropped. */
  | { kind: "stale" };

export interface BanSyncParts {
  store: Store;
  api: BanListSource;
  cases: CaseStore;
  banRecord: BanRecord;
  players: PlayerDirectory;
  outbox: Outbox;
  /** Where cases are posted (the audit channels). */
  auditDestinations: readonly DestinationName[];
  /**
   * How long after its case is opened the bot's own action may reach the chat API: the client's
   * retries, all of them (its retry policy's total deadline).
   */
  actionWindowMs: number;
  /**
   * Settles the open cards the recorded cases answer (a ban settles its player's), in the
   * sync's transaction: feed/settlement.ts, as for the bot's own cases.
   */
  settleCards: (recorded: readonly Case[]) => Promise<void>;
  now: () => Date;
}

/** A ban as listed, its player's id made storable (PostgreSQL's text holds no NUL). */
interface Listed {
  gamerId: string;
  count: number;
  startTime: string;
  endTime: string;
}

export class BanSync {
  constructor(private readonly parts: BanSyncParts) {}

  /**
   * One sync: reads the list (a failure to read rejects, and nothing is recorded), then records
   * what changed since the last sync, all in one transaction.
   */
  async sync(): Promise<BanSyncResult> {
    const { store, api, now } = this.parts;
    // Which sync this list follows: if another stores first, this list may be older than its.
    const before = await store.db
      .selectFrom("store_identity")
      .select("ban_syncs")
      .executeTakeFirstOrThrow();
    const readAt = now();
    const read = await api.readBans();
    if (read.unreadable.length > 0) throw new BanListUnreadableError(read.unreadable);
    const listed = new Map<string, Listed>();
    for (const entry of read.items) {
      const gamerId = entry.gamer_id.replaceAll("\u0000", visibleStandIn);
      if (gamerId === "") continue;
      listed.set(gamerId, {
        gamerId,
        count: entry.count,
        startTime: entry.start_time,
        endTime: entry.end_time,
      });
    }
    return store.transaction(() => this.record(listed, readAt, before.ban_syncs));
  }

  private async record(
    listed: Map<string, Listed>,
    readAt: Date,
    syncsBefore: number,
  ): Promise<BanSyncResult> {
    const { store } = this.parts;
    // The row first: a second replica's sync waits here until this one commits (PostgreSQL),
    // then reads the list this one stored. SQLite's IMMEDIATE transaction serialises already.
    const identity = await store
      .forUpdate(store.db.selectFrom("store_identity").select(["ban_syncs", "ban_synced_at"]))
      .executeTakeFirstOrThrow();
    // Another sync stored a list since this one began: which list is newer cannot be told
    // (replicas' clocks differ), so this one is dropped, and the next run reads afresh.
    if (identity.ban_syncs !== syncsBefore) return { kind: "stale" };
    const first = identity.ban_syncs === 0;
    const before = await this.storedList();
    const changed = [...listed.values()].filter((ban) => !sameBan(before.get(ban.gamerId), ban));
    const gone = [...before.values()].filter((ban) => !listed.has(ban.gamerId));
    // A ban gone at (or about) its end expired by itself; one gone earlier was lifted.
    const lifted = gone.filter((ban) => endOf(ban) > readAt.getTime() + CLOCKS_APART_MS);
    // The bot's own actions since the last sync (any time, on the first): an action opened this
    // long before that list was read may have reached the chat API only after.
    const since =
      identity.ban_synced_at === null
        ? undefined
        : new Date(identity.ban_synced_at - this.parts.actionWindowMs - CLOCKS_APART_MS);
    const botBans = await this.botCases("ban", changed, since);
    const botUnbans = await this.botCases("unban", lifted, since);

    const found: FoundCase[] = [
      ...changed
        .filter((ban) => !(botBans.get(ban.gamerId) ?? []).some((c) => this.madeBy(c, ban)))
        .map((ban) =>
          this.banCase(ban, before.get(ban.gamerId), first, identity.ban_synced_at, readAt),
        ),
      ...lifted
        .filter((ban) => (botUnbans.get(ban.gamerId) ?? []).length === 0)
        .map((ban) => liftedCase(ban, readAt)),
    ].sort((a, b) => a.at.getTime() - b.at.getTime() || compareMarks(a.target, b.target));
    const recorded = await this.parts.cases.recordFound(found);
    await this.parts.settleCards(recorded);

    if (!first) {
      await this.parts.outbox.enqueueAll(
        this.parts.auditDestinations,
        "post-case",
        recorded.map((c) => c.number),
      );
    }
    await this.parts.banRecord.recordCounts(
      changed.map((ban) => ({ gamerId: ban.gamerId, count: ban.count })),
      readAt,
    );
    await this.parts.players.saw(recorded.map((c) => ({ gamerId: c.target ?? "", at: readAt })));
    await this.storeList(changed, gone);
    await store.db
      .updateTable("store_identity")
      .set((eb) => ({ ban_syncs: eb("ban_syncs", "+", 1), ban_synced_at: readAt.getTime() }))
      .execute();
    return { kind: "synced", first, recorded, listed: listed.size };
  }

  /** The list as the last sync stored it, by player. */
  private async storedList(): Promise<Map<string, Listed>> {
    const rows = await this.parts.store.db.selectFrom("listed_bans").selectAll().execute();
    return new Map(
      rows.map((row) => [
        row.gamer_id,
        {
          gamerId: row.gamer_id,
          count: row.count,
          startTime: row.start_time,
          endTime: row.end_time,
        },
      ]),
    );
  }

  private async storeList(changed: readonly Listed[], gone: readonly Listed[]): Promise<void> {
    const { db } = this.parts.store;
    for (const batch of inBatches(gone)) {
      await db
        .deleteFrom("listed_bans")
        .where(
          "gamer_id",
          "in",
          batch.map((ban) => ban.gamerId),
        )
        .execute();
    }
    for (const batch of inBatches(changed, 4)) {
      await db
        .insertInto("listed_bans")
        .values(
          batch.map((ban) => ({
            gamer_id: ban.gamerId,
            count: ban.count,
            start_time: ban.startTime,
            end_time: ban.endTime,
          })),
        )
        .onConflict((conflict) =>
          conflict.column("gamer_id").doUpdateSet((eb) => ({
            count: eb.ref("excluded.count"),
            start_time: eb.ref("excluded.start_time"),
            end_time: eb.ref("excluded.end_time"),
          })),
        )
        .execute();
    }
  }

  /**
   * The bot's cases of `command` on these players (any outcome but a refusal: a ban that failed
   * may have taken effect, and a pending one is under way), opened since `since`, by player.
   */
  private async botCases(
    command: "ban" | "unban",
    bans: readonly Listed[],
    since: Date | undefined,
  ): Promise<Map<string, Case[]>> {
    const byPlayer = new Map<string, Case[]>();
    for (const batch of inBatches(bans)) {
      let query = this.parts.store.db
        .selectFrom("cases")
        .selectAll()
        .where(
          "target",
          "in",
          batch.map((ban) => ban.gamerId),
        )
        .where("command", "=", command)
        .where("outcome", "<>", "denied")
        .where("platform", "<>", OUTSIDE_ACTOR.platform);
      if (since) query = query.where("at", ">=", since.toISOString());
      for (const found of (await query.execute()).map(toCase)) {
        const target = found.target ?? "";
        byPlayer.set(target, [...(byPlayer.get(target) ?? []), found]);
      }
    }
    return byPlayer;
  }

  /**
   * Whether the bot's ban case `c` made the ban as listed: its answer read the ban back as
   * listed; or, when it read nothing back (still pending, failed, the read failed), it was opened
   * since the ban began, or a little before (the time its call may take): the bot acted on this
   * player then, and a ban is not recorded twice.
   */
  private madeBy(c: Case, ban: Listed): boolean {
    const readBack = banAnswerSchema.safeParse(c.answer);
    const made = readBack.success ? readBack.data.ban : null;
    if (made) {
      return (
        made.count === ban.count &&
        made.start_time === ban.startTime &&
        made.end_time === ban.endTime
      );
    }
    const start = parseUtcTimestamp(ban.startTime)?.getTime() ?? Number.NEGATIVE_INFINITY;
    return c.at.getTime() >= start - this.parts.actionWindowMs - CLOCKS_APART_MS;
  }

  /**
   * A ban the bot did not make, as a case: at its start when it began since the last sync (or
   * the store's first sync finds it), else when this sync saw it change (an extension).
   */
  private banCase(
    ban: Listed,
    previous: Listed | undefined,
    first: boolean,
    lastReadAt: number | null,
    readAt: Date,
  ): FoundCase {
    const start = parseUtcTimestamp(ban.startTime);
    const end = parseUtcTimestamp(ban.endTime);
    const began =
      start !== undefined && (first || lastReadAt === null || start.getTime() > lastReadAt);
    const days =
      start && end
        ? Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS))
        : undefined;
    return {
      at: began && start ? start : readAt,
      actor: OUTSIDE_ACTOR,
      command: "ban",
      target: ban.gamerId,
      args: { gamer_id: ban.gamerId, ...(days === undefined ? {} : { days }) },
      ...(first ? { reason: FOUND_AT_FIRST_SYNC } : {}),
      answer: { ban: listedBan(ban), previous_ban: previous ? listedBan(previous) : null },
      syncKey: `ban ${ban.gamerId} ${ban.count} ${ban.startTime} ${ban.endTime}`,
    };
  }
}

/** A ban gone from the list before its end, which the bot did not lift, as a case. */
function liftedCase(ban: Listed, readAt: Date): FoundCase {
  const end = parseUtcTimestamp(ban.endTime);
  return {
    at: readAt,
    actor: OUTSIDE_ACTOR,
    command: "unban",
    target: ban.gamerId,
    args: { gamer_id: ban.gamerId },
    reason: liftedEarlyReason(end),
    answer: { lifted_ban: listedBan(ban) },
    syncKey: `unban ${ban.gamerId} ${ban.count} ${ban.startTime}`,
  };
}

/** What a ban answers (commands/ban.ts): the player's ban as the list read after it shows it. */
const banAnswerSchema = z.looseObject({
  ban: z
    .looseObject({ count: z.number(), start_time: z.string(), end_time: z.string() })
    .nullable(),
});

function sameBan(a: Listed | undefined, b: Listed): boolean {
  return (
    a !== undefined && a.count === b.count && a.startTime === b.startTime && a.endTime === b.endTime
  );
}

function endOf(ban: Listed): number {
  return parseUtcTimestamp(ban.endTime)?.getTime() ?? Number.POSITIVE_INFINITY;
}

/** The ban in the API's own words, as a case keeps an answer. */
function listedBan(ban: Listed): BlockedUser {
  return {
    gamer_id: ban.gamerId,
    count: ban.count,
    start_time: ban.startTime,
    end_time: ban.endTime,
  };
}
