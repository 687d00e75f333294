// Liveness and readiness of the built `serve`, as a Kubernetes probe sees them: /healthz says
// only whether the process can serve (it stays 200 while Discord and Slack are unreachable, so a
// liveness probe never restarts a bot that is waiting out their outage), and /readyz names every
// component with its state, going 503 while one is not ready.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BotWorld, startBotWorld } from "./bot-process.js";

interface ReadyzBody {
  status: string;
  components: Record<string, { ready: boolean; detail: string }>;
}

let w: BotWorld;

// A bot per test, fully up before the test starts (every component ready: Discord has also
// checked its slash commands); the second test leaves Discord and Slack unreachable.
beforeEach(async () => {
  // Slack in Socket Mode: a connection of its own to lose, as Discord's gateway is.
  w = await startBotWorld({ env: { SLACK_APP_TOKEN: "xapp-FAKE-app-token-health" } });
  await w.bot.waitForLog("Slack Socket Mode connected", () => true, 20_000);
  await vi.waitFor(async () => expect((await probe("/readyz")).status).toBe(200), {
    timeout: 20_000,
    interval: 50,
  });
}, 60_000);
afterEach(() => w?.close());

async function probe(path: "/healthz" | "/readyz") {
  const answer = await fetch(`http://127.0.0.1:${w.bot.port}${path}`);
  return { status: answer.status, body: (await answer.json()) as unknown };
}

describe("/healthz and /readyz", () => {
  it("are 200 while everything is up, /readyz naming every component", async () => {
    const ready = await vi.waitFor(
      async () => {
        const answer = await probe("/readyz");
        expect(answer.status).toBe(200);
        return answer.body as ReadyzBody;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(Object.keys(ready.components)).toEqual(
      expect.arrayContaining([
        "store",
        "chat-api",
        "http",
        "poller",
        "discord",
        "slack",
        "drainer:discord:report",
        "drainer:slack:report",
      ]),
    );
    expect(ready.components.discord).toEqual({ ready: true, detail: "connected" });
    expect((await probe("/healthz")).status).toBe(200);
  }, 30_000);

  it("/healthz stays 200 while Slack and Discord are unreachable; /readyz is 503 and names them", async () => {
    w.discord.gateway.outage();
    // Slack recycles the connection and cannot give a new one for as long as the test looks.
    for (let n = 0; n < 50; n++) w.slack.api.failNext("apps.connections.open", "internal_error");
    w.slack.socketMode.dropConnections();
    const down = await vi.waitFor(
      async () => {
        const answer = await probe("/readyz");
        const body = answer.body as ReadyzBody;
        expect(answer.status).toBe(503);
        expect(body.components.discord?.ready).toBe(false);
        expect(body.components.slack?.ready).toBe(false);
        return body;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(down.status).toBe("not ready");
    // Each says what it is doing, and since when (a UTC minute).
    const since = /since (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC/;
    expect(down.components.discord?.detail).toMatch(/^reconnecting /);
    expect(down.components.discord?.detail).toMatch(since);
    expect(down.components.slack?.detail).toMatch(since);
    // The rest still serves: the store, the chat API, HTTP.
    expect(down.components.store?.ready).toBe(true);
    expect(down.components["chat-api"]?.ready).toBe(true);

    const health = await probe("/healthz");
    expect(health).toEqual({ status: 200, body: { status: "ok", detail: "ok" } });
  }, 30_000);
});
