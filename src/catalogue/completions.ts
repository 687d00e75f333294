// Suggestions for arguments while a moderator types (Discord autocomplete). Sources are named
// by the argument declarations; answers come from the chat API, cached briefly because a
// suggestion is asked for on every keystroke and must answer within Discord's 3 s.
import type { ChatApiClient } from "../chat-api/client.js";
import type { CompletionSource } from "./arguments.js";
import type { Catalogue } from "./catalogue.js";

const CACHE_MS = 15_000;
const MAX_SUGGESTIONS = 25;

interface Cached {
  at: number;
  values: Promise<string[]>;
}

export class CompletionProvider {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly api: ChatApiClient,
    private readonly catalogue: Catalogue,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Up to 25 values of `source` that contain `typed` (case-insensitively), those starting with it
   * first. `context` holds the other arguments typed so far (a channel name needs its group).
   */
  async suggest(
    source: CompletionSource,
    typed: string,
    context: Record<string, unknown> = {},
  ): Promise<string[]> {
    const values = await this.valuesOf(source, context).catch(() => []);
    const needle = typed.trim().toLocaleLowerCase();
    const matching = values.filter((value) => value.toLocaleLowerCase().includes(needle));
    const starts = matching.filter((value) => value.toLocaleLowerCase().startsWith(needle));
    const rest = matching.filter((value) => !value.toLocaleLowerCase().startsWith(needle));
    return [...starts, ...rest].slice(0, MAX_SUGGESTIONS);
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
        return this.cached("banned", async () =>
          (await this.api.listBans()).map((ban) => ban.gamer_id),
        );
      case "reported-gamer":
        return this.cached("reported", async () => [
          ...new Set((await this.api.listReports()).map((report) => report.to_gamer_id)),
        ]);
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
