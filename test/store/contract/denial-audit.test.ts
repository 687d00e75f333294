// Which refusals are posted to the audit channels, on SQLite and on PostgreSQL alike: one per
// user per minute, and the next one posted counts those recorded in between without a post.
import { describe, expect, it } from "vitest";
import { DenialAudit } from "../../../src/feed/denial-audit.js";
import { Outbox } from "../../../src/feed/outbox.js";
import type { Case } from "../../../src/moderation/cases.js";
import type { Platform } from "../../../src/moderation/roles.js";
import type { Store } from "../../../src/store/store.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const MINUTE = 60_000;

describe.each(STORE_KINDS)("the denial audit on %s", (kind) => {
  async function fresh() {
    const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) };
    const { store } = await openTestStore(kind);
    const outbox = new Outbox(store, () => clock.now);
    const denials = new DenialAudit(store);
    /** Records a case as the core does: posted when the audit says so, as of `clock.now`. */
    const record = async (actorId: string, outcome: Case["outcome"] = "denied") => {
      const recorded = await insertCase(store, actorId, "slack", outcome);
      const posted = outcome !== "denied" || (await denials.shouldPost(recorded, clock.now));
      if (posted) await outbox.enqueue("slack:audit", "post-case", recorded.number);
      return { recorded, posted };
    };
    return { clock, denials, record };
  }

  it("posts a user's first refusal, then none of theirs for a whole minute", async () => {
    const { clock, record } = await fresh();
    expect((await record("U1")).posted).toBe(true);
    expect((await record("U1")).posted).toBe(false);
    clock.now += MINUTE;
    expect((await record("U1")).posted).toBe(false);
    clock.now += 1;
    expect((await record("U1")).posted).toBe(true);
  });

  it("holds back one user's refusals without holding back another's, or their other cases", async () => {
    const { record } = await fresh();
    await record("U1");
    expect((await record("U2")).posted).toBe(true);
    expect((await record("U1", "success")).posted).toBe(true);
    expect((await record("U1")).posted).toBe(false);
  });

  it("counts the refusals recorded since the last one posted, before this one", async () => {
    const { clock, denials, record } = await fresh();
    const first = await record("U1");
    expect(await denials.unpostedBefore(first.recorded)).toBe(0);
    for (let n = 0; n < 3; n++) await record("U1");
    await record("U2");
    await record("U2");
    clock.now += MINUTE + 1;
    const next = await record("U1");
    expect(next.posted).toBe(true);
    expect(await denials.unpostedBefore(next.recorded)).toBe(3);
    clock.now += MINUTE + 1;
    const after = await record("U1");
    expect(await denials.unpostedBefore(after.recorded)).toBe(0);
    const other = await record("U2");
    expect(await denials.unpostedBefore(other.recorded)).toBe(1);
  });
});

async function insertCase(
  store: Store,
  actorId: string,
  platform: Platform,
  outcome: Case["outcome"],
): Promise<Case> {
  const at = new Date();
  const { number } = await store.db
    .insertInto("cases")
    .values({
      at: at.toISOString(),
      platform,
      actor_id: actorId,
      actor_name: `User ${actorId}`,
      command: "ban",
      target: "gamer-1",
      args: JSON.stringify({ gamer_id: "gamer-1", days: "1" }),
      reason: null,
      outcome,
      answer: null,
      error: null,
      owner: null,
    })
    .returning("number")
    .executeTakeFirstOrThrow();
  return {
    number,
    at,
    platform,
    actorId,
    actorName: `User ${actorId}`,
    command: "ban",
    target: "gamer-1",
    args: { gamer_id: "gamer-1", days: "1" },
    reason: undefined,
    outcome,
    answer: undefined,
    error: undefined,
  };
}
