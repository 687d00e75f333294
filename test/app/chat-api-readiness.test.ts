// The chat-api line of /readyz, as serve wires it: the start-up probe first, then the report
// feed's polls. A replica that stops leading stops polling; if that happens during an outage, no
// poll will ever say the outage ended, and the line must not stay "not answering" for good
// (a standby that is never ready again is taken out of the load balancer, Slack traffic and all).
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatApiComponent } from "../../app/components/chat-api.js";
import { ReportFeed } from "../../src/feed/feed.js";
import { silentLogger } from "../../src/log.js";
import { type Harness, startHarness } from "../helpers/core.js";

/** A schedule that does not fire during a test: polls happen when the test says. */
const NEVER = "0 0 1 1 *";
/** Every request fails as a load balancer in front of a stopped service answers. */
const DOWN = { respond: { status: 503, body: "<html>down</html>" }, times: 1_000 };

let h: Harness | undefined;
let feed: ReportFeed | undefined;
afterEach(async () => {
  await feed?.stop();
  await h?.close();
  feed = undefined;
  h = undefined;
});

async function servedComponent() {
  h = await startHarness();
  const polls = new ReportFeed({
    core: h.core,
    poll: true,
    pollCron: NEVER,
    backfill: 10,
    groupMinutes: 60,
    logger: silentLogger,
  });
  feed = polls;
  const chatApi = new ChatApiComponent(h.core);
  // As serve wires it (run-app.ts).
  chatApi.watchWith(() => polls.pollState());
  await chatApi.probeNow();
  return { h, feed: polls, chatApi };
}

/** The API goes down while this replica leads, and its polls start failing. */
async function outageWhileLeading(served: Awaited<ReturnType<typeof servedComponent>>) {
  served.h.emulator.faults.add(DOWN);
  served.feed.startPolling();
  await served.feed.pollNow();
}

describe("the chat-api readiness", () => {
  it("is not ready while the polls of the leading replica fail", async () => {
    const served = await servedComponent();
    const { chatApi } = served;
    expect(chatApi.readiness()).toEqual({ ready: true, detail: "ok" });
    await outageWhileLeading(served);
    expect(chatApi.readiness()).toEqual({
      ready: false,
      detail: expect.stringMatching(/^not answering since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
    });
  });

  it("is ready again once the API answers, after the polls stopped during the outage", async () => {
    const served = await servedComponent();
    const { h, feed, chatApi } = served;
    await outageWhileLeading(served);
    // Deposed: leader work stops the polls, with the outage still on.
    await feed.stopPolling();
    expect(chatApi.readiness().ready).toBe(false);

    // Still down: asking again probes, and the probe says so.
    await vi.waitFor(
      () =>
        expect(chatApi.readiness()).toEqual({
          ready: false,
          detail: expect.stringMatching(
            /^not answering since \d{4}-\d\d-\d\d \d\d:\d\d UTC: .*503/,
          ),
        }),
      { timeout: 10_000, interval: 50 },
    );

    h.emulator.faults.clear();
    await chatApi.probeNow();
    expect(chatApi.readiness()).toEqual({ ready: true, detail: "ok" });
  });

  it("asks the API itself once the polls stopped, rather than trust the start-up probe", async () => {
    const served = await servedComponent();
    const { h, feed, chatApi } = served;
    await outageWhileLeading(served);
    await feed.stopPolling();
    const probesBefore = h.callsTo("GET", "/open_channel_groups");
    h.emulator.faults.clear();
    await vi.waitFor(() => expect(chatApi.readiness()).toEqual({ ready: true, detail: "ok" }), {
      timeout: 10_000,
      interval: 50,
    });
    expect(h.callsTo("GET", "/open_channel_groups")).toBeGreaterThan(probesBefore);
  });
});
