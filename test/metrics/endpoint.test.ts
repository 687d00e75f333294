// GET /metrics on the bot's own HTTP server: Prometheus text with its content type, a bearer
// token when METRICS_TOKEN is set (a wrong or missing one is answered 401 with the RFC 6750
// challenge), GET and HEAD only, and nothing served under other paths.
import { afterEach, describe, expect, it } from "vitest";
import { Secret } from "../../src/config.js";
import { metricsHandler } from "../../src/metrics/endpoint.js";
import { Metrics, SERIES } from "../../src/metrics/metrics.js";
import { type BotHttpServer, startHttpServer } from "../../src/runtime/http-server.js";
import { parseScrape } from "./prometheus-text.js";

const TOKEN = "fake-metrics-token";
let http: BotHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

async function serve(token?: string): Promise<{ url: string; metrics: Metrics }> {
  const metrics = new Metrics();
  http = await startHttpServer(0, "127.0.0.1");
  http.mount(
    "/metrics",
    metricsHandler(metrics, token === undefined ? undefined : new Secret(token)),
  );
  return { url: `http://127.0.0.1:${http.port()}/metrics`, metrics };
}

describe("GET /metrics", () => {
  it("answers the Prometheus text format, open when METRICS_TOKEN is unset", async () => {
    const { url, metrics } = await serve();
    metrics.commandRan("ban", "discord", "success");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const read = parseScrape(await response.text());
    expect(read.value(SERIES.commands, { command: "ban", outcome: "success" })).toBe(1);
  });

  it("answers HEAD without a body and other methods with 405", async () => {
    const { url } = await serve();
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await fetch(url, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves only /metrics itself, with or without a query", async () => {
    const { url } = await serve();
    expect((await fetch(`${url}?name[]=x`)).status).toBe(200);
    expect((await fetch(`${url}/extra`)).status).toBe(404);
    expect((await fetch(`${url}x`)).status).toBe(404);
  });
});

describe("with METRICS_TOKEN", () => {
  it("asks for the bearer token, refuses a wrong one, and serves the right one", async () => {
    const { url } = await serve(TOKEN);
    const missing = await fetch(url);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="chatwarden"');
    expect(await missing.text()).not.toContain("chatwarden_");

    for (const wrong of [`Bearer ${TOKEN}x`, "Bearer fake", `Basic ${TOKEN}`, TOKEN]) {
      const refused = await fetch(url, { headers: { authorization: wrong } });
      expect(refused.status, wrong).toBe(401);
      expect(refused.headers.get("www-authenticate"), wrong).toMatch(/^Bearer realm="chatwarden"/);
    }
    const wrong = await fetch(url, { headers: { authorization: "Bearer fake" } });
    expect(wrong.headers.get("www-authenticate")).toBe(
      'Bearer realm="chatwarden", error="invalid_token"',
    );

    for (const right of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const served = await fetch(url, { headers: { authorization: right } });
      expect(served.status, right).toBe(200);
      expect(await served.text()).toContain("chatwarden_commands_total");
    }
  });

  it("checks the token before the method, so a stranger learns nothing", async () => {
    const { url } = await serve(TOKEN);
    expect((await fetch(url, { method: "DELETE" })).status).toBe(401);
    const allowed = await fetch(url, {
      method: "DELETE",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.status).toBe(405);
  });
});
