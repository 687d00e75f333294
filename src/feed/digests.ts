// The shift digest's record (DIGEST_CRON): one row per scheduled slot and report destination,
// and the post it owes. A slot is owed once: its rows are inserted with ON CONFLICT DO NOTHING
// on (destination, slot_at), in the same transaction that owes their posts through the outbox,
// so of two replicas (a leader and one taking over) or two starts owing the same slot, exactly
// one owes it, and the outbox posts it once (outbox.ts). What the digest shows is read when it
// is posted (digest-view.ts).
import type { Store } from "../store/store.js";
import type { DestinationName } from "./destination.js";
import type { Outbox } from "./outbox.js";

/** Where the first digest of a destination looks back to, when none came before it. */
export const FIRST_DIGEST_LOOKBACK_MS = 24 * 60 * 60_000;

/** A digest owed: to which destination, for which slot, and what it reports on since when. */
export interface Digest {
  id: number;
  destination: string;
  slotAt: Date;
  /** "Handled since the last digest" begins here: the slot of the one before it. */
  since: Date;
}

export class Digests {
  constructor(
    private readonly store: Store,
    private readonly outbox: Outbox,
    private readonly destinations: readonly DestinationName[],
  ) {}

  /**
   * Owes the digest of `slotAt` to every report destination that is not owed it already, in one
   * transaction; answers the destinations owed it now (none when another process was first).
   */
  owe(slotAt: Date): Promise<DestinationName[]> {
    const slot = slotAt.getTime();
    return this.store.transaction(async () => {
      const owed: DestinationName[] = [];
      for (const destination of this.destinations) {
        const previous = await this.store.db
          .selectFrom("digests")
          .select((eb) => eb.fn.max("slot_at").as("slot_at"))
          .where("destination", "=", destination)
          .where("slot_at", "<", slot)
          .executeTakeFirst();
        const inserted = await this.store.db
          .insertInto("digests")
          .values({
            destination,
            slot_at: slot,
            since_at: previous?.slot_at ?? slot - FIRST_DIGEST_LOOKBACK_MS,
          })
          .onConflict((conflict) => conflict.columns(["destination", "slot_at"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) continue;
        await this.outbox.enqueue(destination, "post-digest", inserted.id);
        owed.push(destination);
      }
      return owed;
    });
  }

  /** The latest slot owed to any destination, if any: where a restart's catching up begins. */
  async latestSlot(): Promise<Date | undefined> {
    const row = await this.store.db
      .selectFrom("digests")
      .select((eb) => eb.fn.max("slot_at").as("slot_at"))
      .executeTakeFirst();
    return row?.slot_at == null ? undefined : new Date(Number(row.slot_at));
  }

  async get(id: number): Promise<Digest | undefined> {
    const row = await this.store.db
      .selectFrom("digests")
      .select(["id", "destination", "slot_at", "since_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      destination: row.destination,
      slotAt: new Date(row.slot_at),
      since: new Date(row.since_at),
    };
  }
}
