// The Slack adapter as `serve` runs it, against fakes: the real core and emulator (startHarness),
// the bot's HTTP server, a fake Slack, and the real bolt App in HTTP or Socket Mode. A driver
// sends what Slack would send in either mode, so one test reads the same in both.
import {
  type SlackAdapter,
  type SlackConfig,
  startSlackAdapter,
} from "../../../adapters/slack/app.js";
import type { SlackRetryPolicy } from "../../../adapters/slack/web-client.js";
import type { AnyCommand } from "../../../src/catalogue/command.js";
import { type Config, Secret } from "../../../src/config.js";
import type { ReportFeed } from "../../../src/feed/feed.js";
import type { Presentation } from "../../../src/i18n/presentation.js";
import { type BotHttpServer, startHttpServer } from "../../../src/runtime/http-server.js";
import { ReplayGuard } from "../../../src/store/replay-guard.js";
import type { SlackTestUser } from "../../fakes/slack/payloads.js";
import type { PostedResponse } from "../../fakes/slack/response-sink.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { startAdapterFeed } from "../../helpers/feed.js";
import type { VirtualClock } from "../../helpers/virtual-clock.js";
import {
  type Delivered,
  httpDriver,
  SIGNING_SECRET,
  type SlackDriver,
  socketDriver,
} from "./drivers.js";
import { captureLogs, type LogCapture } from "./log-capture.js";

export type { Delivered } from "./drivers.js";
export { buttonsOf, textsOf } from "./message-text.js";

// Short on purpose: nothing that could pass for a real token is ever committed.
export const BOT_TOKEN = "fake-bot-token";
export const APP_TOKEN = "fake-app-token";
export const AUDIT_CHANNEL = "C0AUDIT";
export const REPORT_CHANNEL = "C0REPORTS";

export const users = {
  moderator: { id: "U0MOD", name: "mina" },
  admin: { id: "U0ADMIN", name: "ari" },
  player: { id: "U0RANDOM", name: "random" },
} satisfies Record<string, SlackTestUser>;

/** Fast, but the same shape as production: bounded retries, each logged. */
export const TEST_RETRY_POLICY: SlackRetryPolicy = {
  retries: 2,
  minTimeoutMs: 20,
  maxTimeoutMs: 100,
  maxRetryTimeMs: 3_000,
  requestTimeoutMs: 2_000,
};

export type Mode = "http" | "socket";

export interface SlackHarness {
  core: Harness;
  fake: FakeSlack;
  http: BotHttpServer;
  adapter: SlackAdapter;
  /** The report feed's drainers, sending to this adapter's channels (it does not poll itself). */
  feed: ReportFeed;
  logs: LogCapture;
  driver: SlackDriver;
  /** The answer number `index` posted to the response_url of `delivered`. */
  answer(delivered: Delivered, index?: number): Promise<PostedResponse>;
  close(): Promise<void>;
}

export interface SlackHarnessOptions {
  mode: Mode;
  extraCommands?: AnyCommand[];
  roles?: { moderatorUserIds: string[]; adminUserIds: string[] };
  auditChannelId?: string;
  reportChannelId?: string;
  /** Start with the fake's Web API answering 503 to everything. */
  slackDown?: boolean;
  /**
   * The feed's pace and the fake's rate limits count time on this clock, which moves only when
   * the pacer waits: posts paced to Slack's limit go out without waiting it out. Real time by
   * default.
   */
  paceClock?: VirtualClock;
  /** Whom a card that becomes high priority alerts (PRIORITY_ALERT_*); nobody unless given. */
  priorityAlert?: Config["priorityAlert"];
  /** DIGEST_CRON; the test looks for its slots itself (feed.digestSchedule.lookNow). */
  digestCron?: string;
  /** The team's language and zone (CHATWARDEN_LOCALE, DISPLAY_TIMEZONE): the core's and the adapter's. */
  presentation?: Presentation;
}

export async function startSlackHarness(options: SlackHarnessOptions): Promise<SlackHarness> {
  const core = await startHarness({
    config: {
      priorityAlert: options.priorityAlert,
      locale: options.presentation?.locale,
      displayTimeZone: options.presentation?.timeZone,
    },
    extraCommands: options.extraCommands,
    destinations: {
      report: options.reportChannelId ? ["slack:report"] : [],
      audit: options.auditChannelId ? ["slack:audit"] : [],
    },
  });
  const fake = await startFakeSlack({ rateClock: options.paceClock?.now });
  // Members of the workspace, reading Slack in English unless a test changes their locale.
  for (const user of Object.values(users)) fake.api.members.set({ ...user, locale: "en-US" });
  fake.api.down = options.slackDown ?? false;
  const http = await startHttpServer(0, "127.0.0.1");
  const logs = captureLogs();
  const config: SlackConfig = {
    botToken: new Secret(BOT_TOKEN),
    mode:
      options.mode === "http"
        ? { kind: "http", signingSecret: new Secret(SIGNING_SECRET) }
        : { kind: "socket", appToken: new Secret(APP_TOKEN) },
    reportChannelId: options.reportChannelId,
    auditChannelId: options.auditChannelId,
    moderatorUserIds: options.roles?.moderatorUserIds ?? [users.moderator.id],
    adminUserIds: options.roles?.adminUserIds ?? [users.admin.id],
    apiUrl: fake.apiUrl,
  };
  const adapter = await startSlackAdapter({
    config,
    runner: core.core.runner,
    logger: logs.logger,
    http,
    replayGuard: new ReplayGuard(core.core.store),
    presentation: core.core.presentation,
    retryPolicy: TEST_RETRY_POLICY,
    reconnectPolicy: { firstDelayMs: 50, maxDelayMs: 200 },
  });
  if (options.mode === "socket" && !options.slackDown) await fake.socketMode.connected();
  const feed = startAdapterFeed(core.core, adapter.destinations, logs.logger, {
    paceClock: options.paceClock,
    digestCron: options.digestCron,
  });
  const driver =
    options.mode === "http"
      ? httpDriver(`http://127.0.0.1:${http.port()}/slack/events`, fake)
      : socketDriver(fake);
  return {
    core,
    fake,
    http,
    adapter,
    feed,
    logs,
    driver,
    answer: (delivered, index = 0) => fake.responses.answer(delivered.responseUrl, index),
    async close() {
      await feed.stop();
      await adapter.stop();
      await http.close();
      await fake.close();
      await core.close();
    },
  };
}

/**
 * A harness whose feed has made its first poll (of an empty chat API), so that the next report
 * is new, not backfill: posted as a card.
 */
export async function startPolledSlackHarness(options: SlackHarnessOptions): Promise<SlackHarness> {
  const s = await startSlackHarness(options);
  await s.feed.pollNow();
  return s;
}
