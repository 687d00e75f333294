// PendingActions' contract, on SQLite and on PostgreSQL: stored confirmation questions and page
// turns, pressed by whom and when they may be, settled once; a button shown by one replica works
// when the press reaches another, and presses at the same moment on two replicas have one winner.
import { describe, expect, it } from "vitest";
import { type Decision, PendingActions } from "../../../src/moderation/actions.js";
import type { Actor } from "../../../src/moderation/roles.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const mina: Actor = { platform: "discord", id: "100", displayName: "Mina", role: "moderator" };
const ari: Actor = { platform: "slack", id: "U0ARI", displayName: "Ari", role: "admin" };
const ttl = (kind: "question" | "page") => (kind === "question" ? 60_000 : 900_000);
const BAN = { command: "ban", args: { gamer_id: "gamer-42", days: "40" } };

/** The title a refused press shows, or the kind of what it runs. */
const outcome = (decision: Decision) =>
  decision.kind === "refused" ? decision.view.title : decision.kind;

describe.each(STORE_KINDS)("PendingActions on %s", (kind) => {
  it("asks once: the invoker's first answer wins, a second press hears who answered", async () => {
    const { store } = await openTestStore(kind);
    const actions = new PendingActions(store, () => 1_000);
    const { confirm, cancel } = await actions.ask(mina, BAN, 60_000);
    expect(confirm).toMatch(/^cw:confirm:[A-Za-z0-9_-]{16}$/);
    expect(cancel).toBe(confirm.replace("confirm", "cancel"));
    expect(PendingActions.owns(confirm) && PendingActions.owns(cancel)).toBe(true);
    expect(PendingActions.owns("cw:report:7:ban1")).toBe(false);

    expect(await actions.take(confirm, mina, ttl)).toEqual({ kind: "confirm", request: BAN });
    const again = await actions.take(cancel, mina, ttl);
    expect(again).toMatchObject({
      kind: "refused",
      view: {
        title: "Already decided",
        description: "This confirmation was already answered by Mina.",
      },
    });
  });

  it("refuses someone else's press, and leaves the question for its invoker", async () => {
    const { store } = await openTestStore(kind);
    const actions = new PendingActions(store, () => 1_000);
    const { cancel } = await actions.ask(mina, BAN, 60_000);
    expect(await actions.take(cancel, ari, ttl)).toMatchObject({
      kind: "refused",
      view: {
        outcome: "denied",
        title: "Not your button",
        description: "Only Mina can use this confirmation.",
      },
    });
    expect(outcome(await actions.take(cancel, mina, ttl))).toBe("cancel");
  });

  it("turns a page as often as its invoker likes until it expires, then says for how long it was valid", async () => {
    const { store } = await openTestStore(kind);
    let now = 1_000;
    const actions = new PendingActions(store, () => now);
    const page = await actions.page(mina, { command: "bans", args: {}, page: 2 }, 900_000);
    expect(page).toMatch(/^cw:page:/);
    for (let i = 0; i < 3; i++) {
      expect(await actions.take(page, mina, ttl)).toEqual({
        kind: "page",
        request: { command: "bans", args: {}, page: 2 },
      });
    }
    now += 900_001;
    expect(await actions.take(page, mina, ttl)).toMatchObject({
      kind: "refused",
      view: {
        title: "This choice has expired",
        description: "The page was only valid for 900 s: run the command again.",
      },
    });
  });

  it("does not know an id it never stored, nor one swept a minute after it expired", async () => {
    const { store } = await openTestStore(kind);
    let now = 1_000;
    const actions = new PendingActions(store, () => now);
    const unknown = await actions.take("cw:confirm:AAAAAAAAAAAAAAAA", mina, ttl);
    expect(unknown).toMatchObject({
      kind: "refused",
      view: { title: "This choice has expired" },
    });
    const { confirm } = await actions.ask(mina, BAN, 60_000);
    // Past its expiry and the minute it is kept, and a minute since the last sweep: the next
    // question stored sweeps it.
    now += 60_000 + 60_000 + 1;
    await actions.ask(mina, BAN, 60_000);
    const rows = await store.db.selectFrom("pending_actions").select("id").execute();
    expect(rows).toHaveLength(1);
    expect(await actions.take(confirm, mina, ttl)).toMatchObject({
      view: { description: expect.stringMatching(/^It is no longer known/) },
    });
  });

  describe("two replicas on one database", () => {
    it("a question asked on one is answered on the other", async () => {
      const a = await openTestStore(kind);
      const b = await openTestStore(kind, a.location);
      const { confirm } = await new PendingActions(a.store).ask(mina, BAN, 60_000);
      expect(await new PendingActions(b.store).take(confirm, mina, ttl)).toEqual({
        kind: "confirm",
        request: BAN,
      });
    });

    it("of ten presses at once, split between them, exactly one decides", async () => {
      const a = await openTestStore(kind);
      const b = await openTestStore(kind, a.location);
      const { confirm, cancel } = await new PendingActions(a.store).ask(mina, BAN, 60_000);
      const replicas = [new PendingActions(a.store), new PendingActions(b.store)];
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (replicas[i % 2] as PendingActions).take(i % 3 === 0 ? cancel : confirm, mina, ttl),
        ),
      );
      const outcomes = decisions.map(outcome);
      expect(outcomes.filter((title) => title !== "Already decided")).toHaveLength(1);
    });
  });
});
