import { request } from "undici";
import { describe, expect, it } from "vitest";
import { FaultQueue } from "../../emulator/faults.js";
import { CREDENTIALS_ERROR_BODY, reportListSchema } from "../../src/chat-api/schemas.js";
import { callApi, callControl, useEmulator } from "./helpers.js";

const PROXY_PAGE = "<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>";

describe("faults", () => {
  const start = useEmulator();

  it("delays an answer by latencyMs, then the real handler answers", async () => {
    const emulator = await start({ seed: "demo" });
    emulator.faults.add({ path: "/report_list", latencyMs: 150 });
    const started = performance.now();
    const slow = await callApi(emulator, "GET", "/report_list");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.status).toBe(200);
    expect(reportListSchema.parse(slow.json).length).toBeGreaterThan(0);
  });

  it("answers a proxy's HTML 502 instead of the handler, even with a wrong token", async () => {
    const emulator = await start();
    emulator.faults.add({ respond: { status: 502, body: PROXY_PAGE, contentType: "text/html" } });
    const proxied = await callApi(emulator, "PUT", "/block_user_chat", {
      body: { gamer_id: "1234", days: 3 },
      token: "wrong",
    });
    expect(proxied.status).toBe(502);
    expect(proxied.headers["content-type"]).toBe("text/html");
    expect(proxied.text).toBe(PROXY_PAGE);
    expect(emulator.state.listBans()).toStrictEqual([]);
    // Used up: the next request meets the real server again.
    const real = await callApi(emulator, "GET", "/block_user_list", { token: "wrong" });
    expect(real.json).toStrictEqual(CREDENTIALS_ERROR_BODY);
  });

  it("answers 200 application/json with a body that is not JSON", async () => {
    const emulator = await start();
    emulator.faults.add({ malformedJson: true });
    const answer = await callApi(emulator, "GET", "/report_list");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.text)).toThrow(SyntaxError);
  });

  it("drops the connection without an answer", async () => {
    const emulator = await start();
    emulator.faults.add({ drop: true });
    await expect(callApi(emulator, "GET", "/report_list")).rejects.toThrow();
    expect((await callApi(emulator, "GET", "/report_list")).status).toBe(200);
  });

  it("matches on method and path and affects `times` requests", async () => {
    const emulator = await start();
    emulator.faults.add({
      method: "put",
      path: "/bad_word_list",
      times: 2,
      respond: { status: 503, body: "{}" },
    });
    const body = { language: "all", filters: ["GM"] };
    expect((await callApi(emulator, "GET", "/bad_word_list")).status).toBe(200);
    expect((await callApi(emulator, "PUT", "/bad_word_list", { body })).status).toBe(503);
    expect((await callApi(emulator, "PUT", "/bad_word_list", { body })).status).toBe(503);
    expect((await callApi(emulator, "PUT", "/bad_word_list", { body })).status).toBe(200);
    // Every request is logged, faulted or not.
    expect(emulator.requests.map((recorded) => recorded.method)).toStrictEqual([
      "GET",
      "PUT",
      "PUT",
      "PUT",
    ]);
  });

  it("can be queued, listed and cleared through the control surface", async () => {
    const emulator = await start({ controls: true });
    const queued = await callControl(emulator, "POST", "/faults", {
      path: "/open_channel_groups",
      respond: {
        status: 429,
        body: '{"message":"slow down","code":429001,"error":true}',
        headers: { "retry-after": "1" },
      },
    });
    expect(queued.status).toBe(200);
    expect(queued.json).toMatchObject([{ path: "/open_channel_groups", remaining: 1 }]);
    const limited = await callApi(emulator, "GET", "/open_channel_groups");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("1");
    expect(limited.json).toStrictEqual({ message: "slow down", code: 429001, error: true });

    await callControl(emulator, "POST", "/faults", { drop: true, times: 5 });
    const cleared = await callControl(emulator, "DELETE", "/faults");
    expect(cleared.json).toStrictEqual({ cleared: 1 });
    expect((await callApi(emulator, "GET", "/open_channel_groups")).status).toBe(200);

    const invalid = await callControl(emulator, "POST", "/faults", { times: 0 });
    expect(invalid.status).toBe(400);
    expect((invalid.json as { message: string }).message).toMatch(/^times: /);
  });

  // No clock: the fault waits the longest the emulator allows, far past this test's own time, so
  // close() returning at all shows it did not wait for the fault (nor for its request).
  it("lets close() end while a latency fault is waiting", async () => {
    const emulator = await start();
    emulator.faults.add({ latencyMs: 120_000 });
    const pending = request(`${emulator.baseUrl}/report_list`).catch((error: unknown) => error);
    await expect.poll(() => emulator.requests.length).toBe(1);
    await emulator.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe("FaultQueue", () => {
  it("hands out the first matching fault and forgets it when used up", () => {
    const queue = new FaultQueue();
    queue.add({ path: "/report_list", drop: true });
    queue.add({ malformedJson: true, times: 2 });
    expect(queue.take("GET", "/block_user_list")).toStrictEqual({ malformedJson: true, times: 2 });
    expect(queue.take("GET", "/report_list")).toStrictEqual({ path: "/report_list", drop: true });
    expect(queue.take("GET", "/report_list")).toStrictEqual({ malformedJson: true, times: 2 });
    expect(queue.take("GET", "/report_list")).toBeUndefined();
  });

  it("rejects a malformed spec", () => {
    const queue = new FaultQueue();
    expect(() => queue.add({ path: "report_list" })).toThrow();
    expect(() => queue.add({ respond: { status: 42, body: "" } })).toThrow();
  });
});
