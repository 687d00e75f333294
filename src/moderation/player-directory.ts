// The player directory: every gamer_id the bot has seen and the names seen with it, with when.
// It learns from the reports the feed records (the reported player and the reporter), from
// channel member lists, from the ban list and from its own cases; commands read it to take a
// name where it names one player, and every answer to show `Name (id)`.
//
// Nothing here grows with the store on the way to an answer: an id is found by the primary key,
// a name by its folded key's index, a prefix (suggestions while typing) as a range of either.
// What is learnt goes in a batch per statement, one row per player and name however many
// reports name them, so a poll's cost stays linear in what it read.
import { type Expression, type SqlBool, sql } from "kysely";
import type { OpenChannel, Report } from "../chat-api/schemas.js";
import { inBatches } from "../feed/in-batches.js";
import { playerNameKey } from "../store/player-name-key.js";
import type { Store } from "../store/store.js";
import { visibleStandIn } from "../view/inert-text.js";

/** A player seen somewhere: with the name seen, if the place gave one, and when. */
export interface Sighting {
  gamerId: string;
  name?: string;
  at: Date;
}

/** A player as the directory knows them. */
export interface KnownPlayer {
  gamerId: string;
  /** The name seen last with the id; undefined when it was only ever seen without one. */
  name: string | undefined;
  /** When the id was last seen, with any name or none. */
  lastSeenAt: Date;
}

const COLUMNS = 5;
/** The highest code point: a prefix's range ends just before the prefix followed by it. */
const LAST_CHARACTER = "\u{10FFFF}";

export class PlayerDirectory {
  constructor(private readonly store: Store) {}

  /**
   * Records the players of `reports`, reported and reporter, each with the name the report gives,
   * as seen at `seenAt` (the poll that read them): when the bot last saw a player, as a channel
   * list or a ban says it too.
   */
  sawInReports(reports: readonly Report[], seenAt: Date): Promise<void> {
    return this.saw(reportSightings(reports, seenAt));
  }

  /** Records the players of channel member lists, seen in them at `at`. */
  sawInChannels(channels: readonly OpenChannel[], at: Date): Promise<void> {
    return this.saw(channelSightings(channels, at));
  }

  /**
   * Records sightings, a batch per statement: one row per player and name, its first and last
   * time widened, never narrowed. Rows in key order, so two replicas writing overlapping batches
   * take their locks in one order (PostgreSQL).
   */
  async saw(sightings: readonly Sighting[]): Promise<void> {
    const rows = new Map<string, PlayerRow>();
    for (const sighting of sightings) {
      // The store's text holds no NUL (PostgreSQL), so it is the stand-in the renderers show.
      const gamerId = sighting.gamerId.replaceAll("\u0000", visibleStandIn);
      if (gamerId === "") continue;
      // A name that is the id itself tells nothing: the id is seen without one.
      const given = (sighting.name ?? "").replaceAll("\u0000", visibleStandIn);
      const name = given === gamerId ? "" : given;
      const at = sighting.at.getTime();
      const key = `${gamerId}\u0000${name}`;
      const row = rows.get(key);
      if (row) {
        row.first_seen_at = Math.min(row.first_seen_at, at);
        row.last_seen_at = Math.max(row.last_seen_at, at);
      } else {
        rows.set(key, {
          gamer_id: gamerId,
          name,
          name_key: playerNameKey(name),
          first_seen_at: at,
          last_seen_at: at,
        });
      }
    }
    const sorted = [...rows.values()].sort(
      (a, b) => compareText(a.gamer_id, b.gamer_id) || compareText(a.name, b.name),
    );
    for (const batch of inBatches(sorted, COLUMNS)) {
      await this.store.db
        .insertInto("player_names")
        .values(batch)
        .onConflict((conflict) =>
          conflict
            .columns(["gamer_id", "name"])
            .doUpdateSet({
              name_key: (eb) => eb.ref("excluded.name_key"),
              first_seen_at: sql<number>`CASE WHEN excluded.first_seen_at < player_names.first_seen_at THEN excluded.first_seen_at ELSE player_names.first_seen_at END`,
              last_seen_at: sql<number>`CASE WHEN excluded.last_seen_at > player_names.last_seen_at THEN excluded.last_seen_at ELSE player_names.last_seen_at END`,
            })
            // A row that already says as much is not written again.
            .where(
              sql<SqlBool>`excluded.last_seen_at > player_names.last_seen_at OR excluded.first_seen_at < player_names.first_seen_at OR excluded.name_key <> player_names.name_key`,
            ),
        )
        .execute();
    }
  }

  /**
   * Learns on the way to an answer (a channel list, a ban list): a store that cannot take it is
   * told to the store's health, which readiness shows, and the answer goes on without it.
   */
  alongside(learning: (players: this) => Promise<void>): Promise<void> {
    return this.orElse(learning, undefined);
  }

  /**
   * Reads or writes on the way to an answer: a store that fails is told to the store's health,
   * which readiness shows, and `otherwise` stands in. A command that needs no store (a list from
   * the chat API) still answers while the store is down.
   */
  async orElse<T>(work: (players: this) => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await work(this);
    } catch (error) {
      this.store.health.failed(error);
      return otherwise;
    }
  }

  /**
   * `ShadowFox (10003)`, or the id alone when no name is known. A store that cannot be read is
   * told to the store's health, and the id stands alone: a label never keeps an answer back.
   */
  async label(gamerId: string): Promise<string> {
    return (await this.labels([gamerId])).get(gamerId) ?? gamerId;
  }

  /** Each id's label (see `label`), read in one query. */
  async labels(gamerIds: readonly string[]): Promise<Map<string, string>> {
    const known = await this.orElse(
      (directory) => directory.players(gamerIds),
      new Map<string, KnownPlayer>(),
    );
    return new Map(
      gamerIds.map((id) => {
        return [id, labelOf(id, known.get(id)?.name)] as const;
      }),
    );
  }

  /** The player with this id, if it was ever seen. */
  async get(gamerId: string): Promise<KnownPlayer | undefined> {
    return (await this.players([gamerId])).get(gamerId);
  }

  /** The players of these ids that were ever seen, each with their latest name. */
  async players(gamerIds: readonly string[]): Promise<Map<string, KnownPlayer>> {
    const wanted = [...new Set(gamerIds)];
    if (wanted.length === 0 || this.store.holdsNothing()) return new Map();
    const rows = await this.store.db
      .selectFrom("player_names")
      .select(["gamer_id", "name", "last_seen_at"])
      .where("gamer_id", "in", wanted)
      .execute();
    return playersOf(rows);
  }

  /**
   * The players seen with this name, compared case-insensitively, the most recently seen first:
   * at most `limit`. A player whose several names fold to it is one player.
   */
  async named(name: string, limit: number): Promise<KnownPlayer[]> {
    if (this.store.holdsNothing()) return [];
    const key = playerNameKey(name);
    const matching = await this.store.db
      .selectFrom("player_names")
      .select("gamer_id")
      .distinct()
      .where("name_key", "=", key)
      .where("name", "<>", "")
      // More than asked for: a caller can say that there are more.
      .limit(limit)
      .execute();
    const players = await this.players(matching.map((row) => row.gamer_id));
    return [...players.values()].sort(
      (a, b) =>
        b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || compareText(a.gamerId, b.gamerId),
    );
  }

  /**
   * Players whose name or id starts with `typed` (names case-insensitively): names first, then
   * ids, at most `limit`. With nothing typed, the players seen last.
   */
  async suggest(typed: string, limit: number): Promise<KnownPlayer[]> {
    if (this.store.holdsNothing()) return [];
    const text = typed.trim();
    if (text === "") {
      const recent = await this.store.db
        .selectFrom("player_names")
        .select("gamer_id")
        .orderBy("last_seen_at", "desc")
        .limit(limit * 2)
        .execute();
      return this.inOrder(
        recent.map((row) => row.gamer_id),
        limit,
      );
    }
    const key = playerNameKey(text);
    const [byName, byId] = await Promise.all([
      this.store.db
        .selectFrom("player_names")
        .select("gamer_id")
        .where(startsWith("name_key", key))
        .where("name", "<>", "")
        .orderBy("name_key")
        .limit(limit)
        .execute(),
      this.store.db
        .selectFrom("player_names")
        .select("gamer_id")
        .where(startsWith("gamer_id", text))
        .orderBy("gamer_id")
        .limit(limit)
        .execute(),
    ]);
    return this.inOrder(
      [...byName, ...byId].map((row) => row.gamer_id),
      limit,
    );
  }

  /** The players of `gamerIds`, in that order, each once, at most `limit`. */
  private async inOrder(gamerIds: readonly string[], limit: number): Promise<KnownPlayer[]> {
    const ids = [...new Set(gamerIds)].slice(0, limit);
    const players = await this.players(ids);
    return ids.flatMap((id) => players.get(id) ?? []);
  }
}

/** Both players of each report, with the names it gives them, seen at `at`. */
export function reportSightings(reports: readonly Report[], at: Date): Sighting[] {
  return reports.flatMap((report) => [
    { gamerId: report.to_gamer_id, name: report.to_gamer_name, at },
    { gamerId: report.from_gamer_id, name: report.from_gamer_name, at },
  ]);
}

/** Every member of each channel, with their names, seen at `at`. */
export function channelSightings(channels: readonly OpenChannel[], at: Date): Sighting[] {
  return channels.flatMap((channel) =>
    channel.players.map((player) => ({ gamerId: player.gamer_id, name: player.gamer_name, at })),
  );
}

/** `ShadowFox (10003)`, or the id alone when no name is known: how every answer names a player. */
export function labelOf(gamerId: string, name: string | undefined): string {
  return name && name !== gamerId ? `${name} (${gamerId})` : gamerId;
}

interface PlayerRow {
  gamer_id: string;
  name: string;
  name_key: string;
  first_seen_at: number;
  last_seen_at: number;
}

/** Each id's rows as one player: its latest name, and the latest time it was seen at all. */
function playersOf(
  rows: readonly { gamer_id: string; name: string; last_seen_at: number }[],
): Map<string, KnownPlayer> {
  const players = new Map<string, KnownPlayer & { namedAt: number }>();
  for (const row of rows) {
    const player = players.get(row.gamer_id) ?? {
      gamerId: row.gamer_id,
      name: undefined,
      lastSeenAt: new Date(row.last_seen_at),
      namedAt: -Infinity,
    };
    if (row.last_seen_at > player.lastSeenAt.getTime()) {
      player.lastSeenAt = new Date(row.last_seen_at);
    }
    if (row.name !== "" && row.last_seen_at > player.namedAt) {
      player.name = row.name;
      player.namedAt = row.last_seen_at;
    }
    players.set(row.gamer_id, player);
  }
  return new Map(
    [...players].map(([id, { namedAt: _namedAt, ...player }]) => [id, player] as const),
  );
}

/** `column` starts with `prefix`: a range, so the index finds it (both engines compare bytes). */
function startsWith(column: "name_key" | "gamer_id", prefix: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`${ref} >= ${prefix} AND ${ref} < ${prefix + LAST_CHARACTER}`;
}

/** Code-unit order: deterministic, whatever the locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
