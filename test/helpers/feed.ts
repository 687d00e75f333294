// The report feed as an adapter test runs it: drainers sending to the adapter's destinations,
// fast retries, and no polling of its own (a test injects reports and polls when it says).
import type { Logger } from "pino";
import type { Destination } from "../../src/feed/destination.js";
import type { DrainerTiming } from "../../src/feed/drainer.js";
import { type FeedCore, ReportFeed } from "../../src/feed/feed.js";
import type { PaceClock } from "../../src/feed/pacer.js";

/** Retries within tens of milliseconds, not production's seconds, so a test sees several. */
const ADAPTER_TEST_TIMING: DrainerTiming = {
  checkEveryMs: 50,
  firstRetryMs: 50,
  maxRetryMs: 500,
  waitForPostMs: 20,
};

export function startAdapterFeed(
  core: FeedCore,
  destinations: readonly Destination[],
  logger: Logger,
  options: {
    timing?: DrainerTiming;
    /** The pace's clock: a VirtualClock shared with the fake platform's rate limit, if given. */
    paceClock?: PaceClock;
    /** DIGEST_CRON; the test looks for its slots itself (feed.digestSchedule.lookNow). */
    digestCron?: string;
  } = {},
): ReportFeed {
  const feed = new ReportFeed({
    core,
    destinations,
    poll: false,
    // A schedule that does not fire during a test.
    pollCron: "0 0 1 1 *",
    backfill: 10,
    groupMinutes: 60,
    digestCron: options.digestCron,
    logger,
    timing: options.timing ?? ADAPTER_TEST_TIMING,
    paceClock: options.paceClock,
  });
  feed.start();
  return feed;
}
