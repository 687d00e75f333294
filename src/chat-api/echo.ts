// chat/v1 answers a write by echoing its request ("the response returns the request body as the
// result"). An echo that differs says the API acted on something else, or a proxy mixed answers
// up: what was asked cannot be reported as done. Extra fields in an echo are not a difference.

/** The longest echoed value quoted in a sentence: a hostile echo cannot flood the view. */
const QUOTED_LENGTH = 64;

/**
 * Where the echo differs from the request, as the end of a sentence about the chat API ("for
 * gamer-43, not gamer-42"), or undefined when it repeats every field that was sent.
 */
export function echoDifference(
  request: Readonly<Record<string, unknown>>,
  echo: Readonly<Record<string, unknown>>,
): string | undefined {
  const differences = Object.keys(request)
    .filter((field) => !sameValue(request[field], echo[field]))
    .map((field) => describeDifference(field, request[field], echo[field]));
  return differences.length === 0 ? undefined : `The chat API answered ${differences.join(", ")}`;
}

function describeDifference(field: string, sent: unknown, echoed: unknown): string {
  switch (field) {
    case "gamer_id":
      return `for ${quote(echoed)}, not ${quote(sent)}`;
    case "language":
      return `for language ${quote(echoed)}, not ${quote(sent)}`;
    case "days":
      return `with ${quote(echoed)} days, not ${quote(sent)}`;
    case "filters":
      if (Array.isArray(sent) && Array.isArray(echoed)) return listDifference(sent, echoed);
      return `with filters ${quote(echoed)}`;
    default:
      return `with ${field} ${quote(echoed)}, not ${quote(sent)}`;
  }
}

/** `with a different list (without a, b; with c)`, or the order when only that differs. */
function listDifference(sent: readonly unknown[], echoed: readonly unknown[]): string {
  const missing = sent.filter((word) => !echoed.includes(word));
  const extra = echoed.filter((word) => !sent.includes(word));
  const parts = [
    ...(missing.length > 0 ? [`without ${quoteList(missing)}`] : []),
    ...(extra.length > 0 ? [`with ${quoteList(extra)}`] : []),
  ];
  return parts.length > 0
    ? `with a different list (${parts.join("; ")})`
    : "with the same words in another order or repeated";
}

function quoteList(words: readonly unknown[]): string {
  const shown = words.slice(0, 5).map(quote).join(", ");
  return words.length > 5 ? `${shown} and ${words.length - 5} more` : shown;
}

function quote(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}…` : text;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return Object.is(a, b);
}
