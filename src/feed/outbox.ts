// The outbox: every message the core owes a destination (a report card to post or edit, a case
// for the audit trail) is a row, written in the same transaction as the change that makes it
// owed. Drainers claim rows one at a time. A row is marked in flight, with a lease naming this
// process and until when it holds, in a committed write BEFORE the platform is called, and done
// (with the message reference) after. So a crash leaves the row in flight: the next claimant
// treats it as in doubt and asks the destination whether it was posted while it was in flight,
// instead of posting it twice. A post whose attempt may have reached the platform without the
// bot hearing so (its answer lost), or whose lookup failed, goes back in line still in doubt
// (`retryInDoubt`), so that no later claim posts it without looking first. Replicas sharing PostgreSQL claim from the same rows: every claim
// is one UPDATE whose WHERE says the row is still claimable, so of two claimants exactly one
// gets it, and a process finishes only a delivery whose lease it still holds.
import { EventEmitter } from "node:events";
import type { ExpressionBuilder } from "kysely";
import { z } from "zod";
import { isAlive, PROCESS_OWNER } from "../store/process-owner.js";
import type { Schema } from "../store/schema.js";
import type { Store } from "../store/store.js";
import type { AttemptSpan, DestinationName } from "./destination.js";
import { inBatches } from "./in-batches.js";

/**
 * `post-alert`: a card's high-priority alert, a post of its own beside the card (card-alerts.ts).
 * `post-digest`: a shift digest, its subject a digest's id (digests.ts); `post-reminder`: a
 * reminder of waiting cards, its subject a reminder's id (reminders.ts).
 */
export const DELIVERY_KINDS = [
  "post-card",
  "edit-card",
  "post-case",
  "post-alert",
  "post-digest",
  "post-reminder",
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * A delivery claimed by this process. In doubt: an earlier attempt may have reached the platform,
 * during `attempted`: it was found in flight with its sender gone, or was put back in line in
 * doubt (`retryInDoubt`).
 */
export type Delivery = DeliveryBase &
  ({ inDoubt: false } | { inDoubt: true; attempted: AttemptSpan });

interface DeliveryBase {
  id: number;
  destination: string;
  kind: DeliveryKind;
  /** The card id, or the case number. */
  subject: number;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Unique across stores and at most 25 characters: Discord's nonce, Slack's metadata. */
  key: string;
  /** Until when (epoch ms) the lease is this process's; see `renew`. */
  leaseUntil: number;
}

/** How long a claim is honoured before another process may take the delivery over. */
export const LEASE_MS = 60_000;

/** Bound parameters per row of `outbox` in a batched insert. */
const OUTBOX_COLUMNS = 6;

// Rows are parsed like any boundary: a kind this version does not know must fail loudly.
const rowSchema = z.object({
  id: z.number(),
  destination: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  subject: z.number(),
  attempts: z.number(),
  lease_owner: z.string().nullable(),
  lease_until: z.number().nullable(),
  in_flight_since: z.number().nullable(),
  attempted_until: z.number().nullable(),
  created_at: z.number(),
});
type OutboxRow = z.infer<typeof rowSchema>;
const ROW_COLUMNS = [
  "id",
  "destination",
  "kind",
  "subject",
  "attempts",
  "lease_owner",
  "lease_until",
  "in_flight_since",
  "attempted_until",
  "created_at",
] as const;

export class Outbox {
  /** Emits `enqueued` with the destination name, so drainers in this process wake at once. */
  readonly events = new EventEmitter();
  private storeId: Promise<string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
    private readonly owner: string = PROCESS_OWNER,
  ) {}

  /**
   * Owes `destination` a message; call inside the transaction that makes it owed. An edit of a
   * card already waiting for an edit or its post is not added again: the message is rendered
   * from the card's state when it is sent, so one edit shows every change.
   */
  enqueue(destination: DestinationName, kind: DeliveryKind, subject: number): Promise<void> {
    return this.enqueueAll([destination], kind, [subject]);
  }

  /** `enqueue` for every destination and subject, a batch per statement (a poll's new cards). */
  async enqueueAll(
    destinations: readonly DestinationName[],
    kind: DeliveryKind,
    subjects: readonly number[],
  ): Promise<void> {
    const waiting = kind === "edit-card" ? await this.waitingEdits(subjects) : new Set<string>();
    const now = this.now();
    const rows = subjects.flatMap((subject) =>
      destinations
        .filter((destination) => !waiting.has(`${destination} ${subject}`))
        .map((destination) => ({
          destination,
          kind,
          subject,
          state: "pending" as const,
          due_at: now,
          created_at: now,
        })),
    );
    for (const batch of inBatches(rows, OUTBOX_COLUMNS)) {
      await this.store.db.insertInto("outbox").values(batch).execute();
    }
    const woken = new Set(rows.map((row) => row.destination));
    // Drainers here look only once the rows are visible: after the caller's transaction commits.
    this.store.afterCommit(() => {
      for (const destination of woken) this.events.emit("enqueued", destination);
    });
  }

  /** Whether the post of a card to a destination is still owed (pending or in flight). */
  async postOwed(cardId: number, destination: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom("outbox")
      .select("id")
      .where("kind", "=", "post-card")
      .where("subject", "=", cardId)
      .where("destination", "=", destination)
      .where("state", "in", ["pending", "in_flight"])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The next delivery to send to `destination`, leased to this process in a committed write:
   * first any delivery left in flight by a process that is gone (in doubt), then the oldest of
   * those due (by id, so one that failed and waited keeps its place in line), in doubt when it was
   * put back so.
   */
  async claimNext(destination: string): Promise<Delivery | undefined> {
    const storeId = await this.storeIdentity();
    const now = this.now();
    const leased = { lease_owner: this.owner, lease_until: now + LEASE_MS };
    const inFlight = await this.store.db
      .selectFrom("outbox")
      .select(ROW_COLUMNS)
      .where("destination", "=", destination)
      .where("state", "=", "in_flight")
      .orderBy("id")
      .execute();
    for (const orphan of inFlight.filter((row) => this.isOrphaned(row, now))) {
      // Taken over only if it is still as it was read: another replica may be taking it too.
      const taken = await this.store.db
        .updateTable("outbox")
        .set((eb) => ({ ...leased, attempts: eb("attempts", "+", 1) }))
        .where("id", "=", orphan.id)
        .where("state", "=", "in_flight")
        .where((eb) => isExactly(eb, "lease_owner", orphan.lease_owner))
        .where((eb) => isExactly(eb, "lease_until", orphan.lease_until))
        .returning(ROW_COLUMNS)
        .executeTakeFirst();
      if (!taken) continue;
      // Its earlier attempts began when it went in flight (in_flight_since is kept by a
      // takeover, whose holder may have posted too; a row in flight from before that column
      // existed began no earlier than it was created) and ended by the time the lease just taken
      // over ran out (or now, for a lease that names no end).
      return this.delivery(taken, storeId, leased.lease_until, {
        from: orphan.in_flight_since ?? orphan.created_at,
        until: orphan.lease_until ?? now,
      });
    }
    const claimable = (eb: ExpressionBuilder<Schema, "outbox">) =>
      eb.and([
        eb("destination", "=", destination),
        eb("state", "=", "pending"),
        eb("due_at", "<=", now),
      ]);
    // The row is chosen and taken in one statement. On PostgreSQL a claimant skips the row
    // another is taking (SKIP LOCKED) and the outer WHERE re-checks it; SQLite runs one writer
    // at a time, and its dialect has no FOR UPDATE. `id = (…)`, not `id IN (…)`: PostgreSQL may
    // run an IN subquery again for each row it scans, and LIMIT 1 then takes several rows.
    // The first due row is read from the front of the line in outbox_claim_order (destination,
    // state, id, due_at; migration 12), whatever the line's length. The state is a range and the
    // order (state, id) for PostgreSQL's sake: with `state = 'pending'` and `ORDER BY id` the
    // primary key's order serves too, and where pending rows are a good part of the table (a
    // backlog) the planner takes it, walking past every delivery ever done.
    const claimed = await this.store.db
      .updateTable("outbox")
      .set((eb) => ({
        ...leased,
        state: "in_flight",
        // A delivery still in doubt keeps the start of the attempts that may have posted it.
        in_flight_since: eb
          .case()
          .when("attempted_until", "is", null)
          .then(now)
          .else(eb.ref("in_flight_since"))
          .end(),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", (eb) =>
        eb
          .selectFrom("outbox")
          .select("id")
          .where("destination", "=", destination)
          .where((eb) => eb.between("state", "pending", "pending"))
          .where("due_at", "<=", now)
          .orderBy("state")
          .orderBy("id")
          .limit(1)
          .$if(this.store.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      .where(claimable)
      .returning(ROW_COLUMNS)
      .executeTakeFirst();
    if (!claimed) return undefined;
    // Put back in doubt: its attempts began when it went in flight before (kept above).
    const { in_flight_since, created_at, attempted_until } = rowSchema.parse(claimed);
    const attempted =
      attempted_until === null
        ? undefined
        : { from: in_flight_since ?? created_at, until: attempted_until };
    return this.delivery(claimed, storeId, leased.lease_until, attempted);
  }

  /**
   * Extends this process's lease on a delivery it is about to send after a long wait (the
   * platform's pace); false when the lease is no longer this process's, and the delivery must
   * then be left alone.
   */
  async renew(delivery: Delivery): Promise<boolean> {
    const leaseUntil = this.now() + LEASE_MS;
    const renewed = await this.store.db
      .updateTable("outbox")
      .set({ lease_until: leaseUntil })
      .where((eb) => this.held(eb, delivery.id))
      .returning("id")
      .executeTakeFirst();
    if (renewed) delivery.leaseUntil = leaseUntil;
    return renewed !== undefined;
  }

  async complete(id: number, ref: string | undefined): Promise<void> {
    await this.finish(id, { state: "done", ref: ref ?? null, finished_at: this.now() });
  }

  /** A failed attempt that cannot have posted it, tried again at `dueAt`. */
  async retry(id: number, dueAt: number, error: string): Promise<void> {
    await this.finish(id, {
      state: "pending",
      due_at: dueAt,
      last_error: error,
      attempted_until: null,
    });
  }

  /**
   * A failed attempt after which the delivery is still in doubt: an attempt made since it went in
   * flight, until `attemptedUntil`, may have posted it (its answer was lost, or its lookup failed).
   * Tried again at `dueAt`, looked up over that span first.
   */
  async retryInDoubt(
    id: number,
    dueAt: number,
    error: string,
    attemptedUntil: number,
  ): Promise<void> {
    await this.finish(id, {
      state: "pending",
      due_at: dueAt,
      last_error: error,
      attempted_until: attemptedUntil,
    });
  }

  /** Not attempted after all (it waits for something else): back in line, no attempt counted. */
  async defer(id: number, dueAt: number): Promise<void> {
    await this.store.db
      .updateTable("outbox")
      .set((eb) => ({
        state: "pending",
        due_at: dueAt,
        attempts: eb("attempts", "-", 1),
        lease_owner: null,
        lease_until: null,
      }))
      .where((eb) => this.held(eb, id))
      .execute();
  }

  async giveUp(id: number, error: string): Promise<void> {
    await this.finish(id, { state: "given_up", last_error: error, finished_at: this.now() });
  }

  /** When the earliest pending delivery to `destination` is due; undefined when none is. */
  async nextDueAt(destination: string): Promise<number | undefined> {
    const row = await this.store.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.min("due_at").as("due_at"))
      .where("destination", "=", destination)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return row?.due_at ?? undefined;
  }

  /** Deliveries still owed to `destination`. */
  async depth(destination: string): Promise<number> {
    const row = await this.store.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("destination", "=", destination)
      .where("state", "in", ["pending", "in_flight"])
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** `destination subject` of each card among `subjects` whose edit or post is still pending. */
  private async waitingEdits(subjects: readonly number[]): Promise<Set<string>> {
    const waiting = new Set<string>();
    for (const batch of inBatches(subjects)) {
      const rows = await this.store.db
        .selectFrom("outbox")
        .select(["destination", "subject"])
        .where("kind", "in", ["edit-card", "post-card"])
        .where("subject", "in", batch)
        .where("state", "=", "pending")
        .execute();
      for (const row of rows) waiting.add(`${row.destination} ${row.subject}`);
    }
    return waiting;
  }

  /** The end of an attempt: recorded only while this process still holds the lease. */
  private async finish(
    id: number,
    change: {
      state: "done" | "pending" | "given_up";
      ref?: string | null;
      finished_at?: number;
      due_at?: number;
      last_error?: string;
      attempted_until?: number | null;
    },
  ): Promise<void> {
    await this.store.db
      .updateTable("outbox")
      .set({ ...change, lease_owner: null, lease_until: null })
      .where((eb) => this.held(eb, id))
      .execute();
  }

  /** The delivery `id`, while it is in flight under this process's lease. */
  private held(eb: ExpressionBuilder<Schema, "outbox">, id: number) {
    return eb.and([
      eb("id", "=", id),
      eb("state", "=", "in_flight"),
      eb("lease_owner", "=", this.owner),
    ]);
  }

  /** The delivery claimed as `claimed`; in doubt when earlier attempts were `attempted`. */
  private delivery(
    claimed: OutboxRow,
    storeId: string,
    leaseUntil: number,
    attempted: AttemptSpan | undefined,
  ): Delivery {
    const row = rowSchema.parse(claimed);
    const delivery = {
      id: row.id,
      destination: row.destination,
      kind: row.kind,
      subject: row.subject,
      attempts: row.attempts,
      key: `cw${storeId}-${row.id}`,
      leaseUntil,
    };
    return attempted ? { ...delivery, inDoubt: true, attempted } : { ...delivery, inDoubt: false };
  }

  /** The store's random id, read once: it makes delivery keys unique across stores. */
  private storeIdentity(): Promise<string> {
    this.storeId ??= this.store.db
      .selectFrom("store_identity")
      .select("id")
      .executeTakeFirstOrThrow()
      .then((row) => row.id)
      .catch((error: unknown) => {
        this.storeId = undefined;
        throw error;
      });
    return this.storeId;
  }

  /**
   * In flight, and nobody is sending it: its lease ran out, or it names a process on this host
   * that no longer exists (killed mid-send), which need not wait for the lease.
   */
  private isOrphaned(row: OutboxRow, now: number): boolean {
    if (row.lease_until === null || row.lease_until < now) return true;
    if (row.lease_owner === this.owner || row.lease_owner === null) return false;
    return !isAlive(row.lease_owner);
  }
}

/** `column` equals `value`, NULL included (SQL's `=` is never true for NULL). */
function isExactly(
  eb: ExpressionBuilder<Schema, "outbox">,
  column: "lease_owner" | "lease_until",
  value: string | number | null,
) {
  return value === null ? eb(column, "is", null) : eb(column, "=", value);
}
