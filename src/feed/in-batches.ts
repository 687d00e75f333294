// Statements about many rows (a poll's new reports) go in batches that stay under both engines'
// limits on bound parameters: SQLite's 32,766 per statement (SQLITE_MAX_VARIABLE_NUMBER since
// 3.32) and PostgreSQL's 65,535 (the wire protocol counts them in 16 bits). One statement per
// batch rather than one per row is what keeps a 100,000-report poll fast on PostgreSQL, where
// every statement is a round trip.
const PARAMETERS_PER_STATEMENT = 30_000;

/** `items` cut into batches of at most PARAMETERS_PER_STATEMENT parameters, `each` per item. */
export function inBatches<Item>(items: readonly Item[], each = 1): Item[][] {
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / each));
  const batches: Item[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}
