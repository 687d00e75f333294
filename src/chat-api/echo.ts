// chat/v1 answers a write by echoing its request ("the response returns the request body as the
// result"). An echo that differs says the API acted on something else, or a proxy mixed answers
// up: what was asked cannot be reported as done. Extra fields in an echo are not a difference.
import { t } from "../i18n/translate.js";

/** The longest echoed value quoted in a sentence: a hostile echo cannot flood the view. */
const QUOTED_LENGTH = 64;

/**
 * Where the echo differs from the request, as a sentence about the chat API ("The chat API
 * answered for gamer-43, not gamer-42") in the language of the work running now, or undefined
 * when it repeats every field that was sent. Each piece is a catalogue text, the echoed and sent
 * values its placeholders, quoted as they came; pieces and words are joined by a comma, as
 * English and Korean both join them.
 */
export function echoDifference(
  request: Readonly<Record<string, unknown>>,
  echo: Readonly<Record<string, unknown>>,
): string | undefined {
  const differences = Object.keys(request)
    .filter((field) => !sameValue(request[field], echo[field]))
    .map((field) => describeDifference(field, request[field], echo[field]));
  if (differences.length === 0) return undefined;
  return t("failures.echo.answered", {
    differences: differences.join(", "),
  });
}

function describeDifference(field: string, sent: unknown, echoed: unknown): string {
  const values = { echoed: quote(echoed), sent: quote(sent) };
  switch (field) {
    case "gamer_id":
      return t("failures.echo.gamerId", values);
    case "language":
      return t("failures.echo.language", values);
    case "days":
      return t("failures.echo.days", values);
    case "filters":
      if (Array.isArray(sent) && Array.isArray(echoed)) return listDifference(sent, echoed);
      return t("failures.echo.filters", { echoed: values.echoed });
    default:
      return t("failures.echo.field", { field, ...values });
  }
}

/** `with a different list (without a, b; with c)`, or the order when only that differs. */
function listDifference(sent: readonly unknown[], echoed: readonly unknown[]): string {
  const missing = sent.filter((word) => !echoed.includes(word));
  const extra = echoed.filter((word) => !sent.includes(word));
  if (missing.length === 0 && extra.length === 0) return t("failures.echo.reordered");
  const parts = extra.length === 0 ? "missing" : missing.length === 0 ? "extra" : "both";
  return t("failures.echo.differentList", {
    parts,
    missing: quoteList(missing),
    extra: quoteList(extra),
  });
}

/** The first few words quoted, and how many more there are. */
function quoteList(words: readonly unknown[]): string {
  const shown = words.slice(0, 5).map(quote).join(", ");
  if (words.length <= 5) return shown;
  // A string, as it always was: no digit grouping.
  return t("failures.echo.moreWords", { words: shown, count: String(words.length - 5) });
}

function quote(value: unknown): string {
  if (value === undefined) return t("failures.echo.nothing");
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}…` : text;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return Object.is(a, b);
}
