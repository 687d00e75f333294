// A digest's slot is owed once per report destination, on SQLite and on PostgreSQL: of two
// replicas owing the same slot at once (two stores on one database, as at a fail-over), exactly
// one owes each destination's post, in the outbox; owing it again (a restart) owes nothing.
import { describe, expect, it } from "vitest";
import { Digests } from "../../../src/feed/digests.js";
import { Outbox } from "../../../src/feed/outbox.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const MORNING = new Date("2026-11-26T09:00:00Z");
const EVENING = new Date("2026-11-26T21:00:00Z");
const REPORT_CHANNELS = ["discord:report", "slack:report"] as const;

describe.each(STORE_KINDS)("the digest's slots on %s", (kind) => {
  it("are owed once per destination by two replicas at once, and never again", async () => {
    const first = await openTestStore(kind);
    // SQLite has one writer per process: the second "replica" is the same store (see cases.test.ts).
    const second = kind === "postgres" ? await openTestStore(kind, first.location) : first;
    const a = new Digests(first.store, new Outbox(first.store), REPORT_CHANNELS);
    const b = new Digests(second.store, new Outbox(second.store), REPORT_CHANNELS);

    const owed = await Promise.all([a.owe(MORNING), b.owe(MORNING)]);
    expect(owed.flat().sort()).toEqual([...REPORT_CHANNELS]);
    expect(await a.owe(MORNING)).toEqual([]);

    const posts = await first.store.db
      .selectFrom("outbox")
      .select(["destination", "subject"])
      .where("kind", "=", "post-digest")
      .orderBy("destination")
      .execute();
    expect(posts.map((post) => post.destination)).toEqual([...REPORT_CHANNELS]);
    const digest = await a.get(posts[0]?.subject ?? -1);
    expect(digest).toMatchObject({ destination: "discord:report", slotAt: MORNING });
  });

  it("report on what came since the slot before, or the day before the first", async () => {
    const { store } = await openTestStore(kind);
    const digests = new Digests(store, new Outbox(store), ["discord:report"]);
    await digests.owe(MORNING);
    await digests.owe(EVENING);
    const rows = await store.db
      .selectFrom("outbox")
      .select("subject")
      .where("kind", "=", "post-digest")
      .orderBy("id")
      .execute();
    const [morning, evening] = await Promise.all(rows.map((row) => digests.get(row.subject)));
    expect(morning?.since).toEqual(new Date("2026-11-25T09:00:00Z"));
    expect(evening?.since).toEqual(MORNING);
    expect(await digests.latestSlot()).toEqual(EVENING);
  });
});
