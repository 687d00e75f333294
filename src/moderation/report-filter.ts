// Filtering words from a report (a card's "Filter…", or `filter`): the report's message suggests
// the phrase, the moderator keeps what offends, and the words are added to one language's list
// through badwords add's own path (word-list-edit.ts: the lock, the read-back), as a case. The
// question before it names the words new to that list, and those it holds already.
import { quoteWord } from "../catalogue/tokenizer.js";
import type { Report } from "../chat-api/schemas.js";
import { listInWords } from "../i18n/list-in-words.js";
import { t } from "../i18n/translate.js";
import { inertLine } from "../view/inert-text.js";
import type { View } from "../view/view.js";

/**
 * At most this much of the message is suggested: far more than a phrase of the list may hold
 * (100 characters), and within every form's field once quoted (Discord 4,000, Slack 3,000).
 */
const SUGGESTED_LENGTH = 500;

/** `Add 2 words from report #41 to the all filter (a, b)? … c is in the filter already.` */
export function filterQuestion(
  reportId: number,
  language: string,
  fresh: readonly string[],
  listed: readonly string[] = [],
): string {
  const question = t("filter.question", {
    count: fresh.length,
    report: String(reportId),
    language,
    words: fresh.join(", "),
  });
  return listed.length === 0 ? question : `${question} ${alreadyListed(listed)}`;
}

/** Every word is in the list already: said at once, nothing asked or sent. */
export function nothingNew(language: string, listed: readonly string[]): View {
  return {
    outcome: "info",
    title: t("filter.nothingNew", { language }),
    description: alreadyListed(listed),
    visibility: "private",
  };
}

/** Where the words came from, for the answer: `From report #41 against ShadowFox (10003).` */
export function fromReport(reportId: number, report: Report | undefined): string {
  return report
    ? t("filter.fromReportAgainst", {
        report: String(reportId),
        name: inertLine(report.to_gamer_name),
        id: inertLine(report.to_gamer_id),
      })
    : t("filter.fromReport", { report: String(reportId) });
}

/**
 * The form's suggestion for the words: the message as one phrase (quoted, so that commas in it
 * do not split it), its first SUGGESTED_LENGTH characters; none for an empty message.
 */
export function messageAsPhrase(message: string): Record<string, string> {
  const kept = [...message.trim()].slice(0, SUGGESTED_LENGTH).join("");
  return kept === "" ? {} : { words: quoteWord(kept) };
}

/** `a and b are in the filter already.`; empty when none is. */
function alreadyListed(listed: readonly string[]): string {
  if (listed.length === 0) return "";
  return t("filter.listed", { count: listed.length, words: listInWords(listed) });
}
