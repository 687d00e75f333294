// Settling what a crash left open. A case is opened as pending before its API call; if the
// process died before recording the answer (kill -9, a power cut, a full disk at the wrong
// moment), the action may or may not have happened. At start-up each such case is settled by
// reading the API: is the player banned, does the list hold the words, does the channel exist.
// What the API cannot tell stays visible as "unknown", so nobody takes it for done. A store that
// cannot be written at that moment does not wait for the next start: the settlement is tried
// again once the store answers.
// Replicas starting together on one PostgreSQL each claim the orphans they settle
// (CaseStore.claimOrphans), so every orphan is settled by one process only.
import type { Logger } from "pino";
import type { ChatApiClient } from "../chat-api/client.js";
import { PLAIN_PRESENTATION, type Presentation, presenting } from "../i18n/presentation.js";
import { t } from "../i18n/translate.js";
import { type Case, CaseNotPendingError, type CaseStore, type Completion } from "./cases.js";

/** Reads the API: whether the case's action is in effect now. */
type Check = (entry: Case, api: ChatApiClient) => Promise<boolean>;

const words = (entry: Case): string[] =>
  Array.isArray(entry.args.words) ? entry.args.words.map(String) : [];
const hasWord = (list: readonly string[], word: string) =>
  list.some((entry) => entry.toLocaleLowerCase() === word.toLocaleLowerCase());
async function filtersOf(api: ChatApiClient, language: unknown): Promise<string[]> {
  const lists = await api.listBadWords();
  return lists.find((entry) => entry.language.toLowerCase() === String(language))?.filters ?? [];
}
async function channelExists(api: ChatApiClient, entry: Case): Promise<boolean> {
  const channels = await api.listChannels(String(entry.args.group));
  return channels.some((channel) => channel.channel_name === String(entry.args.name));
}

/** Whether every word the case added is in its language's list now. */
const wordsListed: Check = async (entry, api) => {
  const list = await filtersOf(api, entry.args.language);
  return words(entry).every((word) => hasWord(list, word));
};

/** For each command: whether its effect is visible in the API now. */
const CHECKS: Record<string, Check> = {
  ban: async (entry, api) => (await api.listBans()).some((ban) => ban.gamer_id === entry.target),
  unban: async (entry, api) => !(await api.listBans()).some((ban) => ban.gamer_id === entry.target),
  "badwords add": wordsListed,
  filter: wordsListed,
  "badwords remove": async (entry, api) => {
    const list = await filtersOf(api, entry.args.language);
    return words(entry).every((word) => !hasWord(list, word));
  },
  "channels create": (entry, api) => channelExists(api, entry),
  "channels delete": async (entry, api) => !(await channelExists(api, entry)),
};

/**
 * How one pending case ends, from what the API says now: in the team's words (`team`), as
 * everything a case keeps.
 */
async function settlementOf(
  entry: Case,
  api: ChatApiClient,
  team: Presentation,
): Promise<Completion> {
  const check = CHECKS[entry.command];
  const note = (found: "unknown" | "done" | "notDone") =>
    presenting(team, () => t("cases.settledAtStart", { found, command: entry.command }));
  if (!check) return { outcome: "unknown", error: note("unknown") };
  return (await check(entry, api))
    ? { outcome: "success", answer: { settled: note("done") } }
    : { outcome: "failed", error: note("notDone") };
}

/**
 * Settles every pending case whose process is gone. A case whose check cannot reach the API
 * stays pending (claimed by this process, so the next start takes it over). When the store
 * cannot be read or written, the settlement runs again once it answers (the store's health
 * tracker says when), with no restart; nothing here throws.
 */
export async function settlePendingCases(
  cases: CaseStore,
  api: ChatApiClient,
  logger: Pick<Logger, "info" | "warn">,
  team: Presentation = PLAIN_PRESENTATION,
): Promise<Case[]> {
  let orphans: Case[];
  try {
    orphans = await cases.claimOrphans();
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      "pending cases could not be read; trying again once the store answers",
    );
    cases.whenStoreBack("pending cases settled", async () => {
      await settle(await cases.claimOrphans(), cases, api, logger, team);
    });
    return [];
  }
  return settle(orphans, cases, api, logger, team);
}

async function settle(
  orphans: readonly Case[],
  cases: CaseStore,
  api: ChatApiClient,
  logger: Pick<Logger, "info" | "warn">,
  team: Presentation,
): Promise<Case[]> {
  const settled: Case[] = [];
  for (const entry of orphans) {
    let completion: Completion;
    try {
      completion = await settlementOf(entry, api, team);
    } catch (error) {
      logger.warn(
        { case: entry.number, error: error instanceof Error ? error.message : String(error) },
        "a pending case could not be settled yet (the chat API did not tell); trying again at the next start",
      );
      continue;
    }
    try {
      const completed = await cases.complete(entry.number, completion);
      settled.push(completed);
      logger.info(
        { case: entry.number, command: entry.command, outcome: completed.outcome },
        "settled a case left pending when its process stopped",
      );
    } catch (error) {
      if (error instanceof CaseNotPendingError) continue;
      logger.warn(
        { case: entry.number, error: error instanceof Error ? error.message : String(error) },
        "a pending case could not be recorded as settled; trying again once the store answers",
      );
      cases.completeWhenBack(entry.number, completion);
    }
  }
  return settled;
}
