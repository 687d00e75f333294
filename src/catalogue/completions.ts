// Suggestions for arguments while a moderator types (Discord autocomplete, the console's Tab).
// Sources are named by the argument declarations. Players come from the player directory, by the
// start of a name or an id, each shown `ShadowFox (10003)` and given as its id: two indexed
// look-ups in the store, however many players it knows. Everything else comes from the chat API,
// cached briefly because a suggestion is asked for on every keystroke and must answer within
// Discord's 3 s.
import type { ChatApiClient } from "../chat-api/client.js";
import type { KnownPlayer, PlayerDirectory } from "../moderation/player-directory.js";
import type { CompletionSource } from "./arguments.js";
import type { Catalogue } from "./catalogue.js";
import { playerLabel } from "./player-argument.js";

const CACHE_MS = 15_000;
const MAX_SUGGESTIONS = 25;

/** One suggestion: what is shown, and the value it stands for (a player's id for their name). */
export interface Suggestion {
  label: string;
  value: string;
}

interface Cached {
  at: number;
  values: Promise<string[]>;
}

export class CompletionProvider {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly api: ChatApiClient,
    private readonly catalogue: Catalogue,
    private readonly players: PlayerDirectory,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Up to 25 suggestions of `source` for what is typed. Players: those whose name or id starts
   * with it (names case-insensitively); a banned player only among the banned. Anything else:
   * the values that contain it (case-insensitively), those starting with it first. `context`
   * holds the other arguments typed so far (a channel name needs its group).
   */
  async suggest(
    source: CompletionSource,
    typed: string,
    context: Record<string, unknown> = {},
  ): Promise<Suggestion[]> {
    if (source === "player" || source === "banned-gamer") {
      return this.playersFor(source, typed).catch(() => []);
    }
    const values = await this.valuesOf(source, context).catch(() => []);
    const needle = typed.trim().toLocaleLowerCase();
    const matching = values.filter((value) => value.toLocaleLowerCase().includes(needle));
    const starts = matching.filter((value) => value.toLocaleLowerCase().startsWith(needle));
    const rest = matching.filter((value) => !value.toLocaleLowerCase().startsWith(needle));
    return [...starts, ...rest].slice(0, MAX_SUGGESTIONS).map((value) => ({ label: value, value }));
  }

  /**
   * Players the directory knows by what is typed. For `banned-gamer` (unban, bans), those of
   * them the ban list holds, then banned ids that contain what is typed and that the directory
   * did not offer (a ban made before the bot saw the player).
   */
  private async playersFor(source: CompletionSource, typed: string): Promise<Suggestion[]> {
    const asSuggestion = (player: KnownPlayer) => ({
      label: playerLabel(player),
      value: player.gamerId,
    });
    if (source === "player") {
      return (await this.players.suggest(typed, MAX_SUGGESTIONS)).map(asSuggestion);
    }
    const [known, banned] = await Promise.all([
      this.players.suggest(typed, MAX_SUGGESTIONS * 4),
      this.cached("banned", async () => (await this.api.listBans()).map((ban) => ban.gamer_id)),
    ]);
    const bannedIds = new Set(banned);
    const offered = known.filter((player) => bannedIds.has(player.gamerId)).map(asSuggestion);
    const needle = typed.trim().toLocaleLowerCase();
    const given = new Set(offered.map((suggestion) => suggestion.value));
    const more = banned
      .filter((id) => !given.has(id) && id.toLocaleLowerCase().includes(needle))
      .map((id) => ({ label: id, value: id }));
    return [...offered, ...more].slice(0, MAX_SUGGESTIONS);
  }

  private valuesOf(source: CompletionSource, context: Record<string, unknown>): Promise<string[]> {
    switch (source) {
      case "command":
        return Promise.resolve(this.catalogue.topLevelNames());
      case "channel-group":
        return this.cached("groups", () => this.api.listChannelGroups());
      case "channel-name": {
        const group = typeof context.group === "string" ? context.group : undefined;
        if (!group) return Promise.resolve([]);
        return this.cached(`channels:${group}`, async () => [
          ...new Set((await this.api.listChannels(group)).map((channel) => channel.channel_name)),
        ]);
      }
      case "language":
        return this.cached("languages", async () =>
          (await this.api.listBadWords()).map((entry) => entry.language),
        );
      case "banned-gamer":
      case "player":
        return Promise.resolve([]);
    }
  }

  private cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.values;
    const values = load();
    this.cache.set(key, { at: this.now(), values });
    // A failed load must not be cached for 15 s: the next keystroke tries again.
    values.catch(() => this.cache.delete(key));
    return values;
  }
}
