// Which player an argument names (`ban ShadowFox 1`), before the command runs, for every command
// whose argument is declared a player (gamerIdArgument):
// - an id the directory has seen is that player;
// - otherwise a name seen with exactly one player (case-insensitively) is that player, and the
//   answer says so ("ShadowFox is 10003");
// - a name seen with several players is a question: which one (the runner offers each);
// - an id never seen is not refused (ids can come from elsewhere): a command that changes
//   something asks first, one that only reads says so.
// A value the directory knows nothing of sends it to the chat API's lists once (player-lookup.ts)
// before any of that is decided.
import { t } from "../i18n/translate.js";
import { type KnownPlayer, labelOf, type Sighting } from "../moderation/player-directory.js";
import { lookUpPlayers, type PlayerSources } from "../moderation/player-lookup.js";
import { playerNameKey } from "../store/player-name-key.js";
import { isGamerId, MAX_GAMER_ID_LENGTH } from "./arguments.js";
import type { AnyCommand } from "./command.js";

/** The most players a shared name offers to choose from; beyond them, the id must be given. */
export const MAX_PLAYER_CHOICES = 10;

/** How an argument's player was found, as `--json` shows it. */
export interface ResolvedPlayer {
  /** The argument it was given for: `gamer_id`. */
  argument: string;
  /** What was typed. */
  typed: string;
  gamerId: string;
  /** The player's name, when one is known. */
  name: string | undefined;
  /** `id`: an id seen before; `name`: the one player seen with that name; `unseen`: an id never seen. */
  matchedBy: "id" | "name" | "unseen";
  lastSeenAt: Date | undefined;
}

/** A name shared by several players: which one is meant is asked. */
export interface PlayerChoice {
  argument: string;
  typed: string;
  /** The players seen with the name, the most recently seen first (at most MAX_PLAYER_CHOICES). */
  players: KnownPlayer[];
  /** Whether more players than those share the name. */
  more: boolean;
}

export type PlayerResolution =
  | {
      kind: "resolved";
      /** The parsed arguments, each player argument now its player's gamer_id. */
      args: Record<string, unknown>;
      players: ResolvedPlayer[];
    }
  | { kind: "choose"; choice: PlayerChoice }
  | { kind: "invalid"; message: string };

/** Resolves every player argument of `command` in `args` (parsed); see the file's comment. */
export async function resolvePlayers(
  command: AnyCommand,
  args: Record<string, unknown>,
  sources: PlayerSources,
): Promise<PlayerResolution> {
  const resolved = { ...args };
  const players: ResolvedPlayer[] = [];
  let lookedUp = false;
  for (const [argument, spec] of Object.entries(command.args)) {
    const typed = args[argument];
    if (!spec.player || typeof typed !== "string" || spec.player.skip?.(args)) continue;
    let found = await find(typed, sources);
    if (found.kind === "nothing" && !lookedUp) {
      lookedUp = true;
      const seen = await lookUpPlayers(sources, new Set([typed]));
      found = await find(typed, sources);
      // What the lookup found counts even where the store could not record it.
      if (found.kind === "nothing") found = findAmong(seen, typed);
    }
    switch (found.kind) {
      case "id":
      case "name": {
        const { player } = found;
        resolved[argument] = player.gamerId;
        players.push({
          argument,
          typed,
          gamerId: player.gamerId,
          name: player.name,
          matchedBy: found.kind,
          lastSeenAt: player.lastSeenAt,
        });
        break;
      }
      case "several":
        return {
          kind: "choose",
          choice: {
            argument,
            typed,
            players: found.players.slice(0, MAX_PLAYER_CHOICES),
            more: found.players.length > MAX_PLAYER_CHOICES,
          },
        };
      case "nothing":
        if (!isGamerId(typed)) {
          return {
            kind: "invalid",
            message: t("player.unknownName", { typed, max: MAX_GAMER_ID_LENGTH }),
          };
        }
        players.push({
          argument,
          typed,
          gamerId: typed,
          name: undefined,
          matchedBy: "unseen",
          lastSeenAt: undefined,
        });
    }
  }
  return { kind: "resolved", args: resolved, players };
}

type Found =
  | { kind: "id" | "name"; player: KnownPlayer }
  | { kind: "several"; players: KnownPlayer[] }
  | { kind: "nothing" };

/**
 * An id seen is that player; else the players seen with it as their name. A store that cannot be
 * read knows nobody (the chat API's lists are looked in next).
 */
function find(typed: string, { players }: PlayerSources): Promise<Found> {
  return players.orElse(async (directory) => {
    const byId = isGamerId(typed) ? await directory.get(typed) : undefined;
    if (byId) return { kind: "id", player: byId };
    return byName(await directory.named(typed, MAX_PLAYER_CHOICES + 1));
  }, NOTHING);
}

/** The same question asked of what a lookup saw, for a store that could not record it. */
function findAmong(seen: readonly Sighting[], typed: string): Found {
  const of = (id: string) => seen.filter((sighting) => sighting.gamerId === id);
  if (isGamerId(typed) && of(typed).length > 0) return { kind: "id", player: knownFrom(of(typed)) };
  const key = playerNameKey(typed);
  const ids = seen
    .filter((sighting) => playerNameKey(nameOf(sighting) ?? "") === key && key !== "")
    .map((sighting) => sighting.gamerId);
  return byName([...new Set(ids)].map((id) => knownFrom(of(id))));
}

/** One player with the name, several, or none. */
function byName(named: readonly KnownPlayer[]): Found {
  const [only] = named;
  if (named.length === 1 && only) return { kind: "name", player: only };
  if (named.length > 1) return { kind: "several", players: [...named] };
  return NOTHING;
}

const NOTHING: Found = { kind: "nothing" };

/** A player as a lookup saw them (one id's sightings, at least one): as the directory would. */
function knownFrom(sightings: readonly Sighting[]): KnownPlayer {
  const newestFirst = [...sightings].sort((a, b) => b.at.getTime() - a.at.getTime());
  const named = newestFirst.find((sighting) => nameOf(sighting) !== undefined);
  return {
    gamerId: newestFirst[0]?.gamerId ?? "",
    name: named && nameOf(named),
    lastSeenAt: newestFirst[0]?.at ?? new Date(0),
  };
}

/** The name a sighting gives, as the directory keeps it: none for an empty one or the id itself. */
function nameOf(sighting: Sighting): string | undefined {
  return sighting.name && sighting.name !== sighting.gamerId ? sighting.name : undefined;
}

/** `ShadowFox (10003)`, or the id alone when no name is known. */
export function playerLabel(player: { gamerId: string; name?: string | undefined }): string {
  return labelOf(player.gamerId, player.name);
}
