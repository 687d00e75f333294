/** `a`, `a and b`, `a, b and c` (or `a, b or c`): a list read as a sentence reads it. */
export function inWords(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  const last = items[items.length - 1] ?? "";
  return items.length < 2 ? last : `${items.slice(0, -1).join(", ")} ${conjunction} ${last}`;
}
