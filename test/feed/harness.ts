// The report feed on a real core against the emulator, sending to recording destinations.
import type { Config } from "../../src/config.js";
import type { DestinationName } from "../../src/feed/destination.js";
import { ReportFeed } from "../../src/feed/feed.js";
import { type Logger, silentLogger } from "../../src/log.js";
import { type Harness, startHarness } from "../helpers/core.js";
import { freshStoreLocation, type StoreKind } from "../helpers/stores.js";
import { RecordingDestination } from "./recording-destination.js";

export const FAST_TIMING = {
  checkEveryMs: 50,
  firstRetryMs: 20,
  maxRetryMs: 200,
  waitForPostMs: 20,
};

/** The buttons of an open card whose player was never banned, in their order. */
export const FIRST_OFFENCE_BUTTONS = [
  "Ban 1d · 1st offence",
  "Ban…",
  "Dismiss",
  "History",
  "Filter…",
  "Take",
];

export interface FeedHarness extends Harness {
  feed: ReportFeed;
  reports: RecordingDestination;
  audit: RecordingDestination;
  /** Starts a feed again on the same store (a restart), replacing `feed`. */
  restart(): Promise<void>;
}

export async function startFeedHarness(
  options: {
    /** The store under the core: SQLite in a fresh DATA_DIR (the default), or PostgreSQL. */
    kind?: StoreKind;
    backfill?: number;
    groupMinutes?: number;
    /** Reports that exist before the bot's very first poll. */
    existing?: (state: Harness["emulator"]["state"]) => void;
    /** Where the feed logs (silent by default): a test that checks its warnings captures it. */
    logger?: Logger;
    /** The core's clock (when reports are seen, cards opened): the host's unless given. */
    now?: () => Date;
    /** Whom a card that becomes high priority alerts (PRIORITY_ALERT_*); nobody unless given. */
    priorityAlert?: Config["priorityAlert"];
    /** DIGEST_CRON; the test looks for its slots itself (feed.digestSchedule.lookNow). */
    digestCron?: string;
    /** REPORT_REMIND_MINUTES; the test looks for due cards itself (feed.reminderLooks.lookNow). */
    remindMinutes?: number;
    /** The team's language and zone (CHATWARDEN_LOCALE, DISPLAY_TIMEZONE): what the feed posts in. */
    presentation?: Partial<Pick<Config, "locale" | "displayTimeZone">>;
  } = {},
): Promise<FeedHarness> {
  const report: DestinationName = "discord:report";
  const auditName: DestinationName = "slack:audit";
  const databaseUrl =
    options.kind === "postgres" ? (await freshStoreLocation("postgres")).databaseUrl : undefined;
  const harness = await startHarness({
    destinations: { report: [report], audit: [auditName] },
    databaseUrl,
    now: options.now,
    config: { priorityAlert: options.priorityAlert, ...options.presentation },
  });
  options.existing?.(harness.emulator.state);
  const reports = new RecordingDestination(report);
  const audit = new RecordingDestination(auditName);
  const makeFeed = () =>
    new ReportFeed({
      core: harness.core,
      destinations: [reports, audit],
      poll: true,
      // Polls run when the test says (pollNow); the schedule is one that does not fire in a test.
      pollCron: "0 0 1 1 *",
      backfill: options.backfill ?? 10,
      groupMinutes: options.groupMinutes ?? 60,
      digestCron: options.digestCron,
      remindMinutes: options.remindMinutes,
      logger: options.logger ?? silentLogger,
      timing: FAST_TIMING,
    });
  const h: FeedHarness = {
    ...harness,
    feed: makeFeed(),
    reports,
    audit,
    async restart() {
      await h.feed.stop();
      h.feed = makeFeed();
      h.feed.start();
    },
    async close() {
      await h.feed.stop();
      await harness.close();
    },
  };
  h.feed.start();
  return h;
}
