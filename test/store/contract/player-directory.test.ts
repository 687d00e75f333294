// The player directory's contract, on SQLite and on PostgreSQL: what it learns from reports,
// channel lists and ids alone, what it answers by id, by name (case-insensitively) and by prefix,
// and that each of those answers is an index lookup, not a walk through every player seen.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { OpenChannel, Report } from "../../../src/chat-api/schemas.js";
import { PlayerDirectory } from "../../../src/moderation/player-directory.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const POLLED = new Date("2026-03-01T12:00:00.000Z");

function report(id: number, to: [string, string], from: [string, string]): Report {
  const createAt = "2026-03-01 11:00:00";
  return {
    report_id: id,
    to_gamer_id: to[0],
    to_gamer_name: to[1],
    from_gamer_id: from[0],
    from_gamer_name: from[1],
    message: "m",
    keyword: "SPAM",
    reason: "r",
    status: 1,
    value: 0,
    update_at: createAt,
    create_at: createAt,
  };
}

function channel(players: [string, string][]): OpenChannel {
  return {
    channel_name: "general",
    channel_id: 1,
    max_count: 50,
    is_default: true,
    is_autoscaling: true,
    players: players.map(([gamer_id, gamer_name]) => ({ gamer_id, gamer_name })),
    last_chat_time: "",
    create_at: "2026-01-01 00:00:00",
  };
}

describe.each(STORE_KINDS)("the player directory on %s", (kind) => {
  async function fresh() {
    const { store } = await openTestStore(kind);
    return { store, players: new PlayerDirectory(store) };
  }

  it("learns both players of a report, as seen by the poll that read it", async () => {
    const { players } = await fresh();
    await players.sawInReports(
      [
        report(1, ["10003", "ShadowFox"], ["10001", "김민수"]),
        report(2, ["10003", "ShadowFox"], ["10002", "달빛기사"]),
      ],
      POLLED,
    );
    expect(await players.get("10003")).toEqual({
      gamerId: "10003",
      name: "ShadowFox",
      lastSeenAt: POLLED,
    });
    expect(await players.get("10001")).toEqual({
      gamerId: "10001",
      name: "김민수",
      lastSeenAt: POLLED,
    });
    expect(await players.get("99999")).toBeUndefined();
  });

  it("keeps every name seen with an id and shows the latest; never moves a time back", async () => {
    const { players } = await fresh();
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
    await players.saw([{ gamerId: "10003", name: "ShadowFox", at: at(10) }]);
    await players.saw([{ gamerId: "10003", name: "NightFox", at: at(20) }]);
    // An older sighting of the first name, and one with no name at all, later.
    await players.saw([{ gamerId: "10003", name: "ShadowFox", at: at(5) }]);
    await players.saw([{ gamerId: "10003", at: at(30) }]);
    expect(await players.get("10003")).toEqual({
      gamerId: "10003",
      name: "NightFox",
      lastSeenAt: at(30),
    });
    // Both names still find the player.
    expect((await players.named("shadowfox", 5)).map((p) => p.gamerId)).toEqual(["10003"]);
    expect((await players.named("NIGHTFOX", 5)).map((p) => p.gamerId)).toEqual(["10003"]);
  });

  it("knows an id seen without a name (a ban, a case), by id only", async () => {
    const { players } = await fresh();
    // A name that is the id itself tells nothing either.
    await players.saw([
      { gamerId: "gamer-42", at: POLLED },
      { gamerId: "gamer-43", name: "gamer-43", at: POLLED },
    ]);
    expect(await players.get("gamer-42")).toEqual({
      gamerId: "gamer-42",
      name: undefined,
      lastSeenAt: POLLED,
    });
    expect((await players.get("gamer-43"))?.name).toBeUndefined();
    expect(await players.named("", 5)).toEqual([]);
  });

  it("finds every player of a shared name, case-insensitively, the most recently seen first", async () => {
    const { players } = await fresh();
    await players.sawInChannels(
      [
        channel([
          ["10003", "ShadowFox"],
          ["20017", "shadowfox"],
          ["10008", "MoonWalker"],
        ]),
      ],
      POLLED,
    );
    await players.saw([{ gamerId: "10003", at: new Date(POLLED.getTime() + 60_000) }]);
    const named = await players.named("SHADOWFOX", 5);
    expect(named).toEqual([
      { gamerId: "10003", name: "ShadowFox", lastSeenAt: new Date(POLLED.getTime() + 60_000) },
      { gamerId: "20017", name: "shadowfox", lastSeenAt: POLLED },
    ]);
    expect(await players.named("Shadow", 5)).toEqual([]);
    expect((await players.named("ShadowFox", 1)).length).toBe(1);
  });

  it("folds names beyond A-Z as the code does, and holds what PostgreSQL's text cannot (NUL)", async () => {
    const { players } = await fresh();
    await players.saw([
      { gamerId: "30001", name: "ÉLODIE", at: POLLED },
      { gamerId: "30002", name: "운영자_공식계정", at: POLLED },
      { gamerId: "30003\u0000x", name: "nul\u0000name", at: POLLED },
    ]);
    expect((await players.named("élodie", 5)).map((p) => p.gamerId)).toEqual(["30001"]);
    expect((await players.named("운영자_공식계정", 5)).map((p) => p.gamerId)).toEqual(["30002"]);
    expect(await players.get("30003␀x")).toMatchObject({ name: "nul␀name" });
  });

  it("suggests players by the start of a name or of an id, names first", async () => {
    const { players } = await fresh();
    await players.sawInChannels(
      [
        channel([
          ["10003", "ShadowFox"],
          ["20017", "ShadowFox"],
          ["10008", "MoonWalker"],
          ["sh-1", "Zed"],
        ]),
      ],
      POLLED,
    );
    const ids = async (typed: string) => (await players.suggest(typed, 25)).map((p) => p.gamerId);
    expect(new Set(await ids("sha"))).toEqual(new Set(["10003", "20017"]));
    expect((await ids("sh")).at(-1)).toBe("sh-1");
    expect(await ids("1000")).toEqual(["10003", "10008"]);
    expect(await ids("nobody")).toEqual([]);
    expect(await ids("")).toHaveLength(4);
    expect(await players.suggest("", 2)).toHaveLength(2);
  });

  it("writes a batch per statement however many reports name the same players", async () => {
    const { store } = await fresh();
    const recording = recordingStore(store);
    const players = new PlayerDirectory(recording.store);
    const reports = Array.from({ length: 2_000 }, (_, index) =>
      report(index + 1, [`p-${index % 50}`, `Player${index % 50}`], ["r-1", "Reporter"]),
    );
    await players.sawInReports(reports, POLLED);
    const inserts = recording.statements.filter((statement) => /^insert/i.test(statement.sql));
    expect(inserts).toHaveLength(1);
    // One row per player and name: 50 reported, one reporter.
    expect(inserts[0]?.parameters.length).toBe(51 * 5);
    const count = await store.db
      .selectFrom("player_names")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(51);
  });

  it("answers by id, by name and by prefix through an index, not by reading every player", async () => {
    const { store } = await fresh();
    const many = new PlayerDirectory(store);
    await many.saw(
      Array.from({ length: 3_000 }, (_, index) => ({
        gamerId: `g-${index}`,
        name: `Name${index}`,
        at: new Date(POLLED.getTime() + index),
      })),
    );
    if (kind === "postgres") await sql`ANALYZE player_names`.execute(store.db);
    const recording = recordingStore(store);
    const players = new PlayerDirectory(recording.store);
    await players.get("g-7");
    await players.named("name7", 5);
    await players.suggest("name12", 25);
    await players.suggest("g-12", 25);
    await players.suggest("", 25);
    const selects = recording.statements.filter((statement) => /^select/i.test(statement.sql));
    expect(selects.length).toBeGreaterThanOrEqual(5);
    for (const statement of selects) {
      const plan = await planOf(store, statement);
      if (kind === "sqlite") {
        expect(
          plan.filter((step) => /^SCAN player_names$/.test(step)),
          statement.sql,
        ).toEqual([]);
        expect(plan.join("\n"), statement.sql).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
      } else {
        expect(
          plan.filter((step) => /Seq Scan/.test(step)),
          statement.sql,
        ).toEqual([]);
      }
    }
  });
});
