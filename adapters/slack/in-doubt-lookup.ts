// Where in a channel's history a delivery in doubt is looked for: the messages Slack dated
// within the span its earlier attempts were made (src/feed/destination.ts, AttemptSpan), read
// newest first page by page, however many the channel got meanwhile. A lookup bounded by count
// instead (the latest 100) missed a post that a busy channel had pushed further down.
// conversations.history: `oldest` and `latest` bound a page by message ts, and the pages of a
// range follow `response_metadata.next_cursor`; "an empty, null, or non-existent next_cursor in
// the response indicates no further results"
// (https://docs.slack.dev/reference/methods/conversations.history,
// https://docs.slack.dev/apis/web-api/pagination).
import { z } from "zod";
import type { AttemptSpan } from "../../src/index.js";

/**
 * How far before and after the span a post is looked for. Slack dates a message by its own clock
 * when the post arrives; the span is by the clocks of the processes that sent it, which may be
 * other hosts (replicas). NTP keeps them well within a second of each other, but a clock that is
 * off must not cost a duplicate: five minutes, the skew Slack asks apps to tolerate in request
 * timestamps (http-endpoint.ts, which refuses Slack's requests from a host further off). After
 * the span it also covers a post on its way: a sender posts with at least half its lease left
 * and gives up on an answer after the request timeout, both far shorter. The price is reading
 * up to ten more minutes of the channel.
 */
export const CLOCK_SKEW_MARGIN_MS = 5 * 60_000;

/**
 * Messages per page: Slack's recommendation ("we recommend no more than 200 results at a
 * time"; the method allows up to 999).
 */
export const LOOKUP_PAGE_SIZE = 200;

/** conversations.history's `oldest` and `latest` for the messages an attempt may have made. */
export function lookupSpan(attempted: AttemptSpan): { oldest: string; latest: string } {
  return {
    oldest: slackTs(attempted.from - CLOCK_SKEW_MARGIN_MS),
    latest: slackTs(attempted.until + CLOCK_SKEW_MARGIN_MS),
  };
}

const continuationSchema = z.object({
  response_metadata: z.object({ next_cursor: z.string().nullish() }).loose().optional(),
});

/** The cursor of the page after `answer`, a conversations.history answer; undefined at the end. */
export function nextCursor(answer: unknown): string | undefined {
  const cursor = continuationSchema.parse(answer).response_metadata?.next_cursor;
  return cursor ? cursor : undefined;
}

/** Epoch milliseconds as a Slack timestamp: seconds, then six digits of microseconds. */
function slackTs(epochMs: number): string {
  const ms = Math.max(0, Math.floor(epochMs));
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")}000`;
}
