// Word lists are edited read-modify-write: GET every list, change one language's, PUT that whole
// list, GET again to see what the API kept. PUT may replace or merge (the spec does not say):
// sending the full intended list loses nothing either way, and the read-back tells the truth.
// Edits of one language run one at a time in every process sharing the store (StoreLock), so
// concurrent edits cannot drop words.
// The PUT's echo is compared with what was sent: one for another language or list is a warning.

import type { ChatApiClient } from "../chat-api/client.js";
import { echoDifference } from "../chat-api/echo.js";
import type { BadWordPutRequest } from "../chat-api/schemas.js";
import { t } from "../i18n/translate.js";
import type { Serialiser } from "../store/keyed-lock.js";
import type { View } from "../view/view.js";

export interface WordListEdit {
  language: string;
  before: string[];
  /** What was sent: the whole intended list. */
  sent: string[];
  /** What the API holds after the PUT (undefined: nothing was sent, or the read-back failed). */
  after: string[] | undefined;
  /** The PUT's echo; undefined when nothing was sent. */
  answer: BadWordPutRequest | undefined;
}

/** Words are the same word whatever their case: `SCAM` is in a list that holds `scam`. */
const wordKey = (word: string) => word.toLocaleLowerCase();

/**
 * A list of words to ask about many times: built once, each question costs the same whatever the
 * list's length, so checking k words against a list of n takes about k + n steps, not k × n.
 */
export class WordSet {
  readonly #keys: Set<string>;

  constructor(words: Iterable<string>) {
    this.#keys = new Set(Array.from(words, wordKey));
  }

  has(word: string): boolean {
    return this.#keys.has(wordKey(word));
  }
}

/** The change that adds `words` not in the list yet, after the words already there. */
export function addingWords(words: readonly string[]): (current: readonly string[]) => string[] {
  return (current) => {
    const known = new WordSet(current);
    return [...current, ...words.filter((word) => !known.has(word))];
  };
}

/**
 * The words already in `language`'s list and those new to it, as the chat API lists them now
 * (a language without a list has none of them).
 */
export async function splitByList(
  api: ChatApiClient,
  language: string,
  words: readonly string[],
): Promise<{ fresh: string[]; listed: string[] }> {
  const listed = new WordSet(await filtersOf(api, language));
  return {
    fresh: words.filter((word) => !listed.has(word)),
    listed: words.filter((word) => listed.has(word)),
  };
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
  locks: Serialiser,
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

/**
 * The edit's view with a warning first when the PUT's echo differs from what was sent (what
 * differs, and what to do); the case keeps the warning too.
 */
export function withEchoWarning(view: View, edit: WordListEdit): View {
  if (edit.answer === undefined) return view;
  const sent = { language: edit.language, filters: edit.sent };
  const difference = echoDifference(sent, edit.answer);
  if (!difference) return view;
  const warning = t("badwords.echoWarning", { difference });
  const data = typeof view.data === "object" && view.data !== null ? view.data : {};
  return {
    ...view,
    outcome: view.outcome === "error" ? view.outcome : "warning",
    notices: [warning, ...(view.notices ?? [])],
    data: { ...data, warning },
  };
}
