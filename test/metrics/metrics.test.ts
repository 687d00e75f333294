// The Metrics class as Prometheus sees it: every scrape parsed by a text-format parser. Each
// series has its documented type and labels, values are bounded words, the outbox depth is read
// from the store at scrape time, and two instances never share a count.
import { register as globalRegistry } from "prom-client";
import { describe, expect, it } from "vitest";
import { Outbox } from "../../src/feed/outbox.js";
import { Metrics, SERIES } from "../../src/metrics/metrics.js";
import { openTestStore } from "../helpers/stores.js";
import { parseScrape } from "./prometheus-text.js";

const scrape = async (metrics: Metrics) => parseScrape(await metrics.scrape());

describe("the chatwarden_ series", () => {
  it("are all declared with their types before anything is counted", async () => {
    const read = await scrape(new Metrics());
    expect(
      Object.fromEntries(Object.values(SERIES).map((name) => [name, read.types.get(name)])),
    ).toEqual({
      chatwarden_commands_total: "COUNTER",
      chatwarden_button_presses_total: "COUNTER",
      chatwarden_chat_api_requests_total: "COUNTER",
      chatwarden_chat_api_request_duration_seconds: "HISTOGRAM",
      chatwarden_report_polls_total: "COUNTER",
      chatwarden_reports_seen_total: "COUNTER",
      chatwarden_feed_lag_seconds: "HISTOGRAM",
      chatwarden_outbox_depth: "GAUGE",
      chatwarden_deliveries_total: "COUNTER",
      chatwarden_rate_limited_total: "COUNTER",
      chatwarden_leader: "GAUGE",
      chatwarden_open_cards: "GAUGE",
      chatwarden_oldest_open_card_seconds: "GAUGE",
      chatwarden_card_wait_seconds: "HISTOGRAM",
    });
    for (const name of Object.values(SERIES)) expect(read.help.get(name)).not.toBe("");
  });

  it("say whether this replica leads, as its leadership says at each scrape", async () => {
    const metrics = new Metrics();
    let leading = false;
    metrics.watchLeadership(() => leading);
    expect((await scrape(metrics)).value(SERIES.leader, {})).toBe(0);
    leading = true;
    expect((await scrape(metrics)).value(SERIES.leader, {})).toBe(1);
  });

  it("count commands by command, platform and outcome; an unknown name is `unknown`", async () => {
    const metrics = new Metrics();
    metrics.commandRan("ban", "discord", "success");
    metrics.commandRan("ban", "discord", "success");
    metrics.commandRan("bans", "slack", "info");
    metrics.commandRan(undefined, "console", "error");
    const read = await scrape(metrics);
    const commands = (labels: Record<string, string>) => read.value(SERIES.commands, labels);
    expect(commands({ command: "ban", platform: "discord", outcome: "success" })).toBe(2);
    expect(commands({ command: "bans", platform: "slack", outcome: "info" })).toBe(1);
    expect(commands({ command: "unknown", platform: "console", outcome: "error" })).toBe(1);
  });

  it("count button presses by their verb only, never the report or question they name", async () => {
    const metrics = new Metrics();
    metrics.buttonPressed("cw:report:42:ban7", "success");
    metrics.buttonPressed("cw:confirm:abcdefghijklmnop", "success");
    metrics.buttonPressed("cw:report:42:ban7; drop table", "error");
    const read = await scrape(metrics);
    expect(read.value(SERIES.buttonPresses, { action: "ban", result: "success" })).toBe(1);
    expect(read.value(SERIES.buttonPresses, { action: "confirm", result: "success" })).toBe(1);
    expect(read.value(SERIES.buttonPresses, { action: "unknown", result: "error" })).toBe(1);
    expect(JSON.stringify(read.samples)).not.toContain("42");
  });

  it("count chat API requests by endpoint, method and status, and time them", async () => {
    const metrics = new Metrics();
    const exchange = { method: "GET", endpoint: "/block_user_list" } as const;
    metrics.chatApiExchange({ ...exchange, status: 200, seconds: 0.03 });
    metrics.chatApiExchange({ ...exchange, status: 503, seconds: 0.2 });
    metrics.chatApiExchange({ ...exchange, status: "timeout", seconds: 5 });
    const read = await scrape(metrics);
    const requests = (status: string) =>
      read.value(SERIES.chatApiRequests, { ...exchange, status });
    expect([requests("200"), requests("503"), requests("timeout")]).toEqual([1, 1, 1]);
    const duration = `${SERIES.chatApiDuration}`;
    expect(read.value(`${duration}_count`, exchange)).toBe(3);
    expect(read.value(`${duration}_sum`, exchange)).toBeCloseTo(5.23);
    expect(read.value(`${duration}_bucket`, { ...exchange, le: "0.05" })).toBe(1);
    expect(read.value(`${duration}_bucket`, { ...exchange, le: "+Inf" })).toBe(3);
  });

  it("count polls by result, reports seen, deliveries by result and rate limits", async () => {
    const metrics = new Metrics();
    metrics.polled("ok");
    metrics.polled("unchanged");
    metrics.polled("unchanged");
    metrics.polled("failed");
    metrics.reportsFirstSeen(3);
    metrics.reportsFirstSeen(0);
    metrics.delivered("slack:report", "post-card", "retry");
    metrics.delivered("slack:report", "post-card", "sent");
    metrics.delivered("discord:audit", "post-case", "given_up");
    metrics.rateLimitedAt("slack:report");
    const read = await scrape(metrics);
    expect(read.value(SERIES.polls, { result: "ok" })).toBe(1);
    expect(read.value(SERIES.polls, { result: "unchanged" })).toBe(2);
    expect(read.value(SERIES.polls, { result: "failed" })).toBe(1);
    expect(read.value(SERIES.reportsSeen)).toBe(3);
    const slackPosts = { destination: "slack:report", kind: "post-card" };
    expect(read.value(SERIES.deliveries, { ...slackPosts, result: "sent" })).toBe(1);
    expect(read.value(SERIES.deliveries, { ...slackPosts, result: "retry" })).toBe(1);
    expect(
      read.value(SERIES.deliveries, { destination: "discord:audit", result: "given_up" }),
    ).toBe(1);
    expect(read.value(SERIES.rateLimited, { destination: "slack:report" })).toBe(1);
  });

  it("measure the feed's lag from each report's create_at, read in CHAT_TIMEZONE", async () => {
    const metrics = new Metrics();
    metrics.watchFeed({
      outbox: { depth: async () => 0 },
      destinations: [],
      chatTimeZone: "Asia/Seoul",
      backlog: async () => ({ open: 0, oldestOpenedAt: undefined }),
      now: () => new Date(),
    });
    // 09:00 in Seoul is midnight UTC: posted 30 s and 5 min later.
    metrics.cardPosted(
      "discord:report",
      ["2026-11-21 09:00:00", "2026-11-21 08:55:30", "not a time"],
      new Date("2026-11-21T00:00:30Z"),
    );
    const read = await scrape(metrics);
    const lag = (suffix: string, labels: Record<string, string> = {}) =>
      read.value(`${SERIES.feedLag}${suffix}`, { destination: "discord:report", ...labels });
    expect(lag("_count")).toBe(2);
    expect(lag("_sum")).toBe(30 + 300);
    expect(lag("_bucket", { le: "30" })).toBe(1);
    expect(lag("_bucket", { le: "300" })).toBe(2);
  });
});

describe("the outbox depth", () => {
  it("is read from the store at each scrape, per destination", async () => {
    const { store } = await openTestStore("sqlite");
    const outbox = new Outbox(store);
    const metrics = new Metrics();
    metrics.watchFeed({
      outbox,
      destinations: ["discord:report", "slack:report"],
      chatTimeZone: "UTC",
      backlog: async () => ({ open: 0, oldestOpenedAt: undefined }),
      now: () => new Date(),
    });
    const depth = async (destination: string) =>
      (await scrape(metrics)).value(SERIES.outboxDepth, { destination });
    expect(await depth("discord:report")).toBe(0);
    await outbox.enqueue("discord:report", "post-card", 1);
    await outbox.enqueue("discord:report", "post-card", 2);
    await outbox.enqueue("slack:report", "post-card", 1);
    expect(await depth("discord:report")).toBe(2);
    expect(await depth("slack:report")).toBe(1);
    const claimed = await outbox.claimNext("discord:report");
    expect(await depth("discord:report")).toBe(2);
    await outbox.complete(claimed?.id ?? 0, "m1");
    expect(await depth("discord:report")).toBe(1);

    // A store that cannot be read leaves the gauge out; the rest of the scrape still answers.
    await store.close();
    metrics.polled("ok");
    const read = await scrape(metrics);
    expect(read.samples.filter((sample) => sample.name === SERIES.outboxDepth)).toEqual([]);
    expect(read.value(SERIES.polls, { result: "ok" })).toBe(1);
  });
});

describe("the registry", () => {
  it("is each instance's own: two cores in one process never share a count", async () => {
    const first = new Metrics();
    const second = new Metrics();
    first.commandRan("ban", "discord", "success");
    expect((await scrape(first)).value(SERIES.commands)).toBe(1);
    expect((await scrape(second)).value(SERIES.commands)).toBe(0);
    expect(await globalRegistry.metrics()).not.toContain("chatwarden_");
  });

  it("adds Node's process metrics when asked, once however often it is asked", async () => {
    const metrics = new Metrics();
    expect((await scrape(metrics)).types.has("process_cpu_user_seconds_total")).toBe(false);
    metrics.collectProcessMetrics();
    metrics.collectProcessMetrics();
    const read = await scrape(metrics);
    expect(read.types.get("process_cpu_user_seconds_total")).toBe("COUNTER");
    expect(read.value("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(await globalRegistry.metrics()).not.toContain("process_cpu_user_seconds_total");
  });
});
