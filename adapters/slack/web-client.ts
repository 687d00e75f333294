// How the adapter talks to Slack's Web API: at SLACK_API_URL, with a timeout per request and a
// short, logged retry policy. The Web API client's default retries ten times over about half an
// hour without a word; a moderation bot must rather fail visibly within a minute. A 429 is
// waited out (Retry-After) and counts as one of the few retries. Which failures are tried again
// at all is the one classification (delivery-failure.ts): the client by itself would repeat any
// HTTP status but 200, a 404 from a proxy included.
import type { webApi } from "@slack/bolt";
import type { Logger } from "../../src/index.js";
import { classifySlackFailure } from "./delivery-failure.js";

export interface SlackRetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
  /** No retry starts after this long since the first attempt. */
  maxRetryTimeMs: number;
  /** Each request's own limit. */
  requestTimeoutMs: number;
}

export const PRODUCTION_RETRY_POLICY: SlackRetryPolicy = {
  retries: 3,
  minTimeoutMs: 1_000,
  maxTimeoutMs: 10_000,
  maxRetryTimeMs: 60_000,
  requestTimeoutMs: 10_000,
};

/** What p-retry (inside the Web API client) reports on each failed attempt: the error, counted. */
interface FailedAttempt extends Error {
  attemptNumber?: number;
  retriesLeft?: number;
}

export function webClientOptions(
  apiUrl: string,
  policy: SlackRetryPolicy,
  logger: Logger,
): webApi.WebClientOptions {
  const retryConfig = {
    retries: policy.retries,
    factor: 2,
    minTimeout: policy.minTimeoutMs,
    maxTimeout: policy.maxTimeoutMs,
    maxRetryTime: policy.maxRetryTimeMs,
    randomize: true,
    // The first failure of a call is worth a warning; its further tries are debug, so an outage
    // is not a stream of lines (the call's final failure is logged by whoever made it).
    onFailedAttempt: (error: FailedAttempt) => {
      // p-retry stops at an error thrown here and rejects with it: a refusal is not repeated,
      // and whoever made the call logs it.
      if (!classifySlackFailure(error).retry) throw error;
      logger[error.attemptNumber === 1 ? "warn" : "debug"](
        { attempt: error.attemptNumber, retriesLeft: error.retriesLeft, error: error.message },
        "Slack Web API call failed",
      );
    },
  };
  return {
    slackApiUrl: apiUrl,
    timeout: policy.requestTimeoutMs,
    retryConfig,
    // Wait out a 429 as Slack asks instead of failing the call.
    rejectRateLimitedCalls: false,
  };
}
