// What the directory does not know may still be in the chat API: a one-shot command on a store
// no feed has filled, a player who joined a channel nobody listed since. When a command names a
// player the directory has never seen (by id or by name), the places players appear are read
// once: the report list (unless the feed's record of it is fresh: then the directory has its
// players already), every channel's member list, and the ban list. What they show is learnt, so
// the next command finds it at once. Only a miss reads them; a name or id the directory knows
// costs one indexed lookup.
import type { ChatApiClient } from "../chat-api/client.js";
import { freshRecord } from "../feed/feed-record.js";
import type { ReportStore } from "../feed/report-store.js";
import {
  channelSightings,
  type PlayerDirectory,
  reportSightings,
  type Sighting,
} from "./player-directory.js";

export interface PlayerSources {
  api: ChatApiClient;
  reports: ReportStore;
  players: PlayerDirectory;
  now: () => Date;
}

/**
 * Reads the chat API's lists of players and records what they show: every player of the report
 * list and of the channels, and, of the ban list (ids alone, no names), the ids in `wanted`. A
 * list that cannot be read is left out: a lookup helps, it does not stand in the way (the
 * command that follows meets the same API and says so). Answers what it found, recorded or not
 * (a store that cannot be written still lets the command know whom it names).
 */
export async function lookUpPlayers(
  { api, reports, players, now }: PlayerSources,
  wanted: ReadonlySet<string>,
): Promise<Sighting[]> {
  const at = now();
  const reportsKnown = (await freshRecord(reports, at).catch(() => undefined)) !== undefined;
  const [reportList, channels, bans] = await Promise.all([
    reportsKnown ? [] : api.listReports().catch(() => []),
    api
      .listChannelGroups()
      .then((groups) => Promise.all(groups.map((group) => api.listChannels(group))))
      .then((lists) => lists.flat())
      .catch(() => []),
    api.listBans().catch(() => []),
  ]);
  const found: Sighting[] = [
    ...reportSightings(reportList, at),
    ...channelSightings(channels, at),
    // A ban list may hold 100,000 ids and tells no names: only the ones looked for are kept.
    ...bans.filter((ban) => wanted.has(ban.gamer_id)).map((ban) => ({ gamerId: ban.gamer_id, at })),
  ];
  await players.alongside((directory) => directory.saw(found));
  return found;
}
