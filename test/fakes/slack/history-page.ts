// One page of conversations.history, as Slack documents the method
// (https://docs.slack.dev/reference/methods/conversations.history, "Pagination by time" and the
// arguments; https://docs.slack.dev/apis/web-api/pagination, "Just the facts"):
// - newest first; `limit` defaults to 100, at most 999 ("Maximum of 999");
// - `oldest` (default 0) and `latest` (default now) bound the page by message ts, and "if a
//   message has the same timestamp as oldest or latest it will not be included in the list"
//   unless `inclusive`, which is "ignored unless either timestamp is specified";
// - `has_more` is true when the range holds more messages than the page, and
//   `response_metadata.next_cursor` then leads to the next page; "an empty, null, or
//   non-existent next_cursor in the response indicates no further results";
// - a cursor is opaque to the caller. Slack's own, in the method's example answers, is the base64
//   of `next_ts:<ts in microseconds>` (bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz), the ts the next page
//   starts at: the fake makes the same, and answers `invalid_cursor` to one it did not make.
// Errors as the method lists them (slack-ruby/slack-api-ref, methods/conversations/
// conversations.history.json): invalid_cursor, invalid_ts_latest, invalid_ts_oldest.

/** The messages of a channel, as far as paging them needs. */
export interface Dated {
  ts: string;
}

export interface HistoryQuery {
  limit?: number;
  oldest?: string;
  latest?: string;
  inclusive: boolean;
  cursor?: string;
}

export type HistoryPageOutcome<Message> =
  | { ok: true; messages: Message[]; has_more: boolean; next_cursor: string }
  | { ok: false; error: "invalid_cursor" | "invalid_ts_latest" | "invalid_ts_oldest" };

export const DEFAULT_HISTORY_LIMIT = 100;
const MAX_HISTORY_LIMIT = 999;

const CURSOR_PREFIX = "next_ts:";

/** `newestFirst`'s page that `query` asks for. */
export function historyPage<Message extends Dated>(
  newestFirst: readonly Message[],
  query: HistoryQuery,
): HistoryPageOutcome<Message> {
  const oldest = query.oldest === undefined ? 0 : micros(query.oldest);
  if (oldest === undefined) return { ok: false, error: "invalid_ts_oldest" };
  const latest = query.latest === undefined ? Number.POSITIVE_INFINITY : micros(query.latest);
  if (latest === undefined) return { ok: false, error: "invalid_ts_latest" };
  let startAt = Number.POSITIVE_INFINITY;
  if (query.cursor !== undefined && query.cursor !== "") {
    const decoded = cursorTs(query.cursor);
    if (decoded === undefined) return { ok: false, error: "invalid_cursor" };
    startAt = decoded;
  }
  // A bound given is exclusive unless `inclusive`; one not given bounds nothing.
  const afterOldest = (at: number) => (query.inclusive ? at >= oldest : at > oldest);
  const beforeLatest = (at: number) => (query.inclusive ? at <= latest : at < latest);
  const inRange = newestFirst.filter((message) => {
    const at = micros(message.ts) ?? 0;
    return afterOldest(at) && beforeLatest(at) && at <= startAt;
  });
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_HISTORY_LIMIT, 1), MAX_HISTORY_LIMIT);
  const next = inRange[limit];
  return {
    ok: true,
    messages: inRange.slice(0, limit),
    has_more: next !== undefined,
    next_cursor: next === undefined ? "" : cursorFor(next.ts),
  };
}

/** A Slack ts for `micros` microseconds since the epoch: `seconds.micros`, six digits after. */
export function tsOf(microsSinceEpoch: number): string {
  const seconds = Math.floor(microsSinceEpoch / 1_000_000);
  return `${seconds}.${String(microsSinceEpoch % 1_000_000).padStart(6, "0")}`;
}

/** A ts or Unix time (`1512085950.000216`, `1512085950`) in microseconds; undefined if neither. */
function micros(ts: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{0,6}))?$/.exec(ts);
  if (!match) return undefined;
  const [, seconds = "0", fraction = ""] = match;
  return Number(seconds) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

function cursorFor(ts: string): string {
  return Buffer.from(`${CURSOR_PREFIX}${micros(ts)}`).toString("base64");
}

function cursorTs(cursor: string): number | undefined {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  if (!text.startsWith(CURSOR_PREFIX)) return undefined;
  const digits = text.slice(CURSOR_PREFIX.length);
  return /^\d{1,18}$/.test(digits) ? Number(digits) : undefined;
}
