// The Web API client the report feed and the audit trail deliver through. Unlike the adapter's
// own client (web-client.ts), it never retries and never waits out a 429: the outbox drainer
// keeps every retry and every pause in the store and paces each channel itself, so a delivery
// held inside the client for half a minute would only block the drainer and hide the 429 from
// it. A 429 comes back at once as WebAPIRateLimitedError, with Slack's Retry-After.
import { webApi } from "@slack/bolt";
import type { Logger } from "../../src/index.js";
import { boltLogger } from "./bolt-logger.js";
import { PRODUCTION_RETRY_POLICY, webClientOptions } from "./web-client.js";

export interface DeliveryClientOptions {
  /** SLACK_API_URL, with its trailing slash. */
  apiUrl: string;
  logger: Logger;
  /** Each request's own limit; the adapter's production value by default. */
  requestTimeoutMs?: number;
}

export function deliveryWebClient(options: DeliveryClientOptions): webApi.WebClient {
  const policy = {
    ...PRODUCTION_RETRY_POLICY,
    requestTimeoutMs: options.requestTimeoutMs ?? PRODUCTION_RETRY_POLICY.requestTimeoutMs,
  };
  return new webApi.WebClient(undefined, {
    // The adapter's URL and timeout, so both clients reach the same Slack the same way.
    ...webClientOptions(options.apiUrl, policy, options.logger),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: boltLogger(options.logger),
  });
}
