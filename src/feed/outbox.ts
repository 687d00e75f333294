// The outbox: every message the core owes a destination (a report card to post or edit, a case
// for the audit trail) is a row, written in the same transaction as the change that makes it
// owed. Drainers claim rows one at a time. A row is marked in flight, with a lease naming this
// process, in a committed transaction BEFORE the platform is called, and done (with the message
// reference) after. So a crash leaves the row in flight: the next claimant treats it as in
// doubt and asks the destination whether it was posted, instead of posting it twice.
import { EventEmitter } from "node:events";
import { z } from "zod";
import type { Database } from "../store/db.js";
import { isAlive, PROCESS_OWNER } from "../store/process-owner.js";
import type { DestinationName } from "./destination.js";

export type DeliveryKind = "post-card" | "edit-card" | "post-case";

export interface Delivery {
  id: number;
  destination: string;
  kind: DeliveryKind;
  /** The card id, or the case number. */
  subject: number;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Found in flight with its sender gone: an earlier attempt may have reached the platform. */
  inDoubt: boolean;
  /** Unique across stores and at most 25 characters: Discord's nonce, Slack's metadata. */
  key: string;
}

/** How long a claim is honoured before another process may take the delivery over. */
const LEASE_MS = 60_000;

const rowSchema = z.object({
  id: z.number(),
  destination: z.string(),
  kind: z.enum(["post-card", "edit-card", "post-case"]),
  subject: z.number(),
  state: z.enum(["pending", "in_flight", "done", "given_up"]),
  attempts: z.number(),
  lease_owner: z.string().nullable(),
  lease_until: z.number().nullable(),
});
const identitySchema = z.object({ id: z.string() });
const countSchema = z.object({ n: z.number() });
const dueSchema = z.object({ due_at: z.number().nullable() });

export class Outbox {
  /** Emits `enqueued` with the destination name, so drainers in this process wake at once. */
  readonly events = new EventEmitter();
  private readonly storeId: string;
  private readonly statements;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    private readonly owner: string = PROCESS_OWNER,
  ) {
    this.storeId = identitySchema.parse(db.prepare("SELECT id FROM store_identity").get()).id;
    this.statements = {
      insert: db.prepare(
        "INSERT INTO outbox (destination, kind, subject, state, due_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)",
      ),
      unsent: db.prepare(
        "SELECT count(*) AS n FROM outbox WHERE kind = ? AND subject = ? AND destination = ? AND state IN ('pending', 'in_flight')",
      ),
      pendingOfKind: db.prepare(
        "SELECT count(*) AS n FROM outbox WHERE kind = ? AND subject = ? AND destination = ? AND state = 'pending'",
      ),
      nextPending: db.prepare(
        "SELECT * FROM outbox WHERE destination = ? AND state = 'pending' AND due_at <= ? ORDER BY id LIMIT 1",
      ),
      inFlight: db.prepare(
        "SELECT * FROM outbox WHERE destination = ? AND state = 'in_flight' ORDER BY id",
      ),
      lease: db.prepare(
        "UPDATE outbox SET state = 'in_flight', attempts = attempts + 1, lease_owner = ?, lease_until = ? WHERE id = ?",
      ),
      complete: db.prepare(
        "UPDATE outbox SET state = 'done', ref = ?, finished_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?",
      ),
      retry: db.prepare(
        "UPDATE outbox SET state = 'pending', due_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?",
      ),
      defer: db.prepare(
        "UPDATE outbox SET state = 'pending', due_at = ?, attempts = attempts - 1, lease_owner = NULL, lease_until = NULL WHERE id = ?",
      ),
      giveUp: db.prepare(
        "UPDATE outbox SET state = 'given_up', last_error = ?, finished_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?",
      ),
      nextDue: db.prepare(
        "SELECT min(due_at) AS due_at FROM outbox WHERE destination = ? AND state = 'pending'",
      ),
      depth: db.prepare(
        "SELECT count(*) AS n FROM outbox WHERE destination = ? AND state IN ('pending', 'in_flight')",
      ),
    };
  }

  /**
   * Owes `destination` a message; call inside the transaction that makes it owed. An edit of a
   * card already waiting for an edit or its post is not added again: the message is rendered
   * from the card's state when it is sent, so one edit shows every change.
   */
  enqueue(destination: DestinationName, kind: DeliveryKind, subject: number): void {
    if (kind === "edit-card") {
      const waiting =
        this.count(this.statements.pendingOfKind, "edit-card", subject, destination) +
        this.count(this.statements.pendingOfKind, "post-card", subject, destination);
      if (waiting > 0) return;
    }
    const now = this.now();
    this.statements.insert.run(destination, kind, subject, now, now);
    // Listeners run after the caller's transaction has committed (the event loop moves on first).
    queueMicrotask(() => this.events.emit("enqueued", destination));
  }

  /** Whether the post of a card to a destination is still owed (pending or in flight). */
  postOwed(cardId: number, destination: string): boolean {
    return this.count(this.statements.unsent, "post-card", cardId, destination) > 0;
  }

  /**
   * The next delivery to send to `destination`, leased to this process in a committed write:
   * first any delivery left in flight by a process that is gone (in doubt), then the oldest of
   * those due (by id, so one that failed and waited keeps its place in line).
   */
  claimNext(destination: string): Delivery | undefined {
    return this.db
      .transaction(() => {
        const now = this.now();
        const orphan = this.statements.inFlight
          .all(destination)
          .map((row) => rowSchema.parse(row))
          .find((row) => this.isOrphaned(row, now));
        const row =
          orphan ??
          (() => {
            const found = this.statements.nextPending.get(destination, now);
            return found === undefined ? undefined : rowSchema.parse(found);
          })();
        if (!row) return undefined;
        this.statements.lease.run(this.owner, now + LEASE_MS, row.id);
        return {
          id: row.id,
          destination: row.destination,
          kind: row.kind,
          subject: row.subject,
          attempts: row.attempts + 1,
          inDoubt: orphan !== undefined,
          key: `cw${this.storeId}-${row.id}`,
        };
      })
      .immediate();
  }

  complete(id: number, ref: string | undefined): void {
    this.statements.complete.run(ref ?? null, this.now(), id);
  }

  /** A failed attempt, tried again at `dueAt`. */
  retry(id: number, dueAt: number, error: string): void {
    this.statements.retry.run(dueAt, error, id);
  }

  /** Not attempted after all (it waits for something else): back in line, no attempt counted. */
  defer(id: number, dueAt: number): void {
    this.statements.defer.run(dueAt, id);
  }

  giveUp(id: number, error: string): void {
    this.statements.giveUp.run(error, this.now(), id);
  }

  /** When the earliest pending delivery to `destination` is due; undefined when none is. */
  nextDueAt(destination: string): number | undefined {
    return dueSchema.parse(this.statements.nextDue.get(destination)).due_at ?? undefined;
  }

  /** Deliveries still owed to `destination`. */
  depth(destination: string): number {
    return countSchema.parse(this.statements.depth.get(destination)).n;
  }

  private count(
    statement: { get: (...args: unknown[]) => unknown },
    kind: DeliveryKind,
    subject: number,
    destination: string,
  ): number {
    return countSchema.parse(statement.get(kind, subject, destination)).n;
  }

  /**
   * In flight, and nobody is sending it: its lease ran out, or it names a process on this host
   * that no longer exists (killed mid-send), which need not wait for the lease.
   */
  private isOrphaned(row: z.infer<typeof rowSchema>, now: number): boolean {
    if (row.lease_until === null || row.lease_until < now) return true;
    if (row.lease_owner === this.owner || row.lease_owner === null) return false;
    return !isAlive(row.lease_owner);
  }
}
