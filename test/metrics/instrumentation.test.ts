// What each instrumented part counts, on a real core against the emulator over HTTP: commands
// and buttons through the runner, every chat API exchange (retries, timeouts and dropped
// connections included) through the client, and polls, deliveries, rate limits and the feed's
// lag through the report feed. A scrape is read back with a Prometheus text parser each time.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatApiError } from "../../src/chat-api/errors.js";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import type { ReportKey } from "../../src/feed/report-store.js";
import { Metrics, SERIES } from "../../src/metrics/metrics.js";
import { type FeedHarness, startFeedHarness } from "../feed/harness.js";
import { RetryableFailure } from "../feed/recording-destination.js";
import { type Harness, moderator, player, startHarness } from "../helpers/core.js";
import { clientFor, startTestEmulator } from "../helpers/emulator.js";
import { parseScrape, type Scrape } from "./prometheus-text.js";

const read = async (metrics: Metrics): Promise<Scrape> => parseScrape(await metrics.scrape());

describe("the command runner", () => {
  let h: Harness;
  afterEach(() => h?.close());

  it("counts each command by name, platform and the outcome the moderator saw", async () => {
    h = await startHarness();
    await h.see("gamer-42");
    await h.run("ban", { gamer_id: "gamer-42", days: "3", reason: "spam" });
    await h.run("ban", { gamer_id: "gamer-43", days: "3" }, player);
    await h.run("no-such-command gamer-42", {});
    const scrape = await read(h.metrics);
    const commands = (labels: Record<string, string>) => scrape.value(SERIES.commands, labels);
    expect(commands({ command: "ban", platform: "discord", outcome: "success" })).toBe(1);
    expect(commands({ command: "ban", platform: "discord", outcome: "denied" })).toBe(1);
    expect(commands({ command: "unknown", outcome: "error" })).toBe(1);
    expect(commands({})).toBe(3);
  });

  it("counts a confirmation's button press, and the command it runs", async () => {
    h = await startHarness();
    await h.see("gamer-42");
    const question = await h.run("ban", { gamer_id: "gamer-42", days: "90" });
    expect(question.outcome).toBe("confirm");
    const done = await h.press(question, "Confirm");
    expect(done.outcome).toBe("success");
    const again = await h.press(question, "Confirm");
    expect(again.outcome).not.toBe("success");
    const scrape = await read(h.metrics);
    expect(scrape.value(SERIES.buttonPresses, { action: "confirm", result: "success" })).toBe(1);
    expect(scrape.value(SERIES.buttonPresses, { action: "confirm" })).toBe(2);
    expect(scrape.value(SERIES.commands, { command: "ban", outcome: "confirm" })).toBe(1);
    expect(scrape.value(SERIES.commands, { command: "ban", outcome: "success" })).toBe(1);
  });
});

describe("the chat API client", () => {
  it("counts every exchange by endpoint, method and status, the query left out", async () => {
    const emulator = await startTestEmulator();
    const metrics = new Metrics();
    const client = clientFor(emulator.baseUrl, {
      timeoutMs: 300,
      onExchange: (exchange) => metrics.chatApiExchange(exchange),
    });
    try {
      await client.listChannels("gamer-42-group");
      // A 503 is retried: two exchanges for one call.
      emulator.faults.add({
        method: "GET",
        path: "/block_user_list",
        respond: { status: 503, body: "<html>busy</html>", contentType: "text/html" },
      });
      await client.listBans();
      emulator.faults.add({ method: "GET", path: "/bad_word_list", drop: true, times: 3 });
      await expect(client.listBadWords()).rejects.toBeInstanceOf(ChatApiError);
      emulator.faults.add({ method: "GET", path: "/open_channel_groups", latencyMs: 1_000 });
      await expect(client.listChannelGroups()).rejects.toBeInstanceOf(ChatApiError);

      const scrape = await read(metrics);
      const requests = (endpoint: string, status: string) =>
        scrape.value(SERIES.chatApiRequests, { endpoint, method: "GET", status });
      expect(requests("/open_channels", "200")).toBe(1);
      expect(requests("/block_user_list", "503")).toBe(1);
      expect(requests("/block_user_list", "200")).toBe(1);
      expect(requests("/bad_word_list", "network")).toBeGreaterThanOrEqual(1);
      expect(requests("/open_channel_groups", "timeout")).toBeGreaterThanOrEqual(1);
      const endpoints = new Set(
        scrape.samples
          .filter((sample) => sample.name === SERIES.chatApiRequests)
          .map((sample) => sample.labels.endpoint),
      );
      expect([...endpoints].sort()).toEqual([
        "/bad_word_list",
        "/block_user_list",
        "/open_channel_groups",
        "/open_channels",
      ]);
      const timed = { endpoint: "/open_channels", method: "GET" };
      expect(scrape.value(`${SERIES.chatApiDuration}_count`, timed)).toBe(1);
      expect(scrape.value(`${SERIES.chatApiDuration}_sum`, timed)).toBeGreaterThan(0);
    } finally {
      await client.close();
      await emulator.close();
    }
  });
});

describe("the report feed", () => {
  let h: FeedHarness;
  afterEach(() => h?.close());

  it("counts polls by result and the reports seen for the first time", async () => {
    h = await startFeedHarness();
    await h.feed.pollNow();
    h.emulator.state.injectReport({ to_gamer_id: "gamer-42" });
    h.emulator.state.injectReport({ to_gamer_id: "gamer-43" });
    await h.feed.pollNow();
    await h.feed.pollNow();
    h.emulator.faults.add({
      method: "GET",
      path: "/report_list",
      respond: { status: 503, body: "<html>down</html>", contentType: "text/html" },
      times: 5,
    });
    await h.feed.pollNow();
    h.emulator.faults.clear();
    const scrape = await read(h.metrics);
    // The first poll reads the (empty) list; the third finds it byte for byte unchanged.
    expect(scrape.value(SERIES.polls, { result: "ok" })).toBe(2);
    expect(scrape.value(SERIES.polls, { result: "unchanged" })).toBe(1);
    expect(scrape.value(SERIES.polls, { result: "failed" })).toBe(1);
    expect(scrape.value(SERIES.reportsSeen)).toBe(2);
    expect(scrape.value(SERIES.chatApiRequests, { endpoint: "/report_list", status: "503" })).toBe(
      3,
    );
  });

  it("counts deliveries by destination and result, 429s, the lag, and the outbox depth", async () => {
    h = await startFeedHarness();
    await h.feed.pollNow();
    const depth = async () =>
      (await read(h.metrics)).value(SERIES.outboxDepth, { destination: "discord:report" });
    expect(await depth()).toBe(0);

    // A rate limit (the platform's own wait) and then success: one retry, one 429, one post.
    h.reports.failNext(new RetryableFailure(30));
    h.emulator.state.injectReport({ to_gamer_id: "gamer-42", createdAt: new Date() });
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.posts.length === 1);
    // A refusal: given up.
    h.reports.failNext(new Error("Missing Access"));
    h.emulator.state.injectReport({ to_gamer_id: "gamer-43" });
    await h.feed.pollNow();
    const given = { destination: "discord:report", kind: "post-card", result: "given_up" };
    // Deliveries go out on the drainer's own time; nothing else tells of a refusal.
    await vi.waitFor(async () =>
      expect((await read(h.metrics)).value(SERIES.deliveries, given)).toBe(1),
    );

    const scrape = await read(h.metrics);
    const deliveries = (result: string) =>
      scrape.value(SERIES.deliveries, { destination: "discord:report", kind: "post-card", result });
    expect(deliveries("retry")).toBe(1);
    expect(deliveries("sent")).toBe(1);
    expect(deliveries("given_up")).toBe(1);
    expect(scrape.value(SERIES.rateLimited, { destination: "discord:report" })).toBe(1);
    expect(scrape.value(SERIES.rateLimited, { destination: "slack:audit" })).toBe(0);
    const lag = { destination: "discord:report" };
    expect(scrape.value(`${SERIES.feedLag}_count`, lag)).toBe(1);
    // Created a moment ago (to the second), posted after one short rate-limit pause.
    expect(scrape.value(`${SERIES.feedLag}_sum`, lag)).toBeLessThan(5);
    expect(await depth()).toBe(0);

    // Owed but not sent while the feed is stopped: the depth says so at the next scrape.
    await h.feed.stop();
    await h.core.outbox.enqueue("discord:report", "post-card", 99);
    expect(await depth()).toBe(1);
  });
});

describe("the moderation panels", () => {
  let h: Harness;
  afterEach(() => h?.close());

  it("read the backlog from the store and time each card from opening to settlement", async () => {
    const T0 = new Date(Date.UTC(2026, 10, 22, 16, 0, 0));
    let now = T0;
    const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);
    h = await startHarness({ now: () => now });
    const keys: ReportKey[] = [];
    for (const [target, openedAt] of [
      ["gamer-42", T0],
      ["gamer-43", minutes(2)],
    ] as const) {
      const cardId = await h.core.reports.openCard(target, openedAt);
      h.emulator.state.injectReport({ to_gamer_id: target });
      const report = (await h.core.api.listReports()).find((r) => r.to_gamer_id === target);
      if (!report) throw new Error("the emulator lists the report");
      await h.core.reports.record(report, openedAt, cardId);
      keys.push({ reportId: report.report_id, generation: 0 });
    }
    const [first, second] = keys as [ReportKey, ReportKey];
    now = minutes(5);
    let scrape = await read(h.metrics);
    expect(scrape.value(SERIES.openCards)).toBe(2);
    expect(scrape.value(SERIES.oldestOpenCard)).toBe(5 * 60);

    // Banned 7 minutes after its card opened; the other card is now the oldest waiting.
    now = minutes(7);
    expect((await h.core.runner.press(reportButtonId(first, "ban1"), moderator)).outcome).toBe(
      "success",
    );
    scrape = await read(h.metrics);
    expect(scrape.value(SERIES.openCards)).toBe(1);
    expect(scrape.value(SERIES.oldestOpenCard)).toBe(5 * 60);
    expect(scrape.value(`${SERIES.cardWait}_count`, { outcome: "banned" })).toBe(1);
    expect(scrape.value(`${SERIES.cardWait}_sum`, { outcome: "banned" })).toBe(7 * 60);

    // Dismissed 30 minutes after its card opened: nothing waits.
    now = minutes(32);
    expect((await h.core.runner.press(reportButtonId(second, "dismiss"), moderator)).outcome).toBe(
      "success",
    );
    // Pressed again: already settled, so timed once.
    await h.core.runner.press(reportButtonId(second, "dismiss"), moderator);
    scrape = await read(h.metrics);
    expect(scrape.value(SERIES.openCards)).toBe(0);
    expect(scrape.value(SERIES.oldestOpenCard)).toBe(0);
    expect(scrape.value(`${SERIES.cardWait}_count`, { outcome: "dismissed" })).toBe(1);
    expect(scrape.value(`${SERIES.cardWait}_bucket`, { outcome: "dismissed", le: "1800" })).toBe(1);
    expect(scrape.value(`${SERIES.cardWait}_bucket`, { outcome: "dismissed", le: "900" })).toBe(0);
  });
});
