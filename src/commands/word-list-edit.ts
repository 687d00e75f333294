// Word lists are edited read-modify-write: GET every list, change one language's, PUT that whole
// list, GET again to see what the API kept. PUT may replace or merge (the spec does not say):
// sending the full intended list loses nothing either way, and the read-back tells the truth.
// Edits of one language run one at a time (KeyedLock), so concurrent edits cannot drop words.
import type { ChatApiClient } from "../chat-api/client.js";
import type { KeyedLock } from "./keyed-lock.js";

export interface WordListEdit {
  language: string;
  before: string[];
  /** What was sent: the whole intended list. */
  sent: string[];
  /** What the API holds after the PUT (undefined: nothing was sent, or the read-back failed). */
  after: string[] | undefined;
  answer: unknown;
}

const sameWord = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function containsWord(list: readonly string[], word: string): boolean {
  return list.some((entry) => sameWord(entry, word));
}

async function filtersOf(api: ChatApiClient, language: string): Promise<string[]> {
  const lists = await api.listBadWords();
  return lists.find((entry) => entry.language.toLowerCase() === language)?.filters ?? [];
}

/**
 * Applies `change` to the language's current list and stores the result. When the change leaves
 * the list as it was, nothing is written.
 */
export function editWordList(
  api: ChatApiClient,
  locks: KeyedLock,
  language: string,
  change: (current: readonly string[]) => string[],
): Promise<WordListEdit> {
  return locks.run(language, async () => {
    const before = await filtersOf(api, language);
    const sent = change(before);
    const unchanged = sent.length === before.length && sent.every((word, i) => word === before[i]);
    if (unchanged) return { language, before, sent, after: before, answer: undefined };
    const answer = await api.putBadWords({ language, filters: sent });
    const after = await filtersOf(api, language).catch(() => undefined);
    return { language, before, sent, after, answer };
  });
}
