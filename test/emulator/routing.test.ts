import { request } from "undici";
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator/server.js";
import { callApi, TOKEN, useEmulator } from "./helpers.js";

describe("routing and request handling", () => {
  const start = useEmulator();

  it("answers an unknown chat/v1 path with a 404 in the documented shape", async () => {
    const emulator = await start();
    const answer = await callApi(emulator, "GET", "/open_channel");
    expect(answer.status).toBe(404);
    expect(answer.json).toStrictEqual({
      message: "no such path: /open_channel",
      code: 404900,
      error: true,
    });
    const outside = await request(`${emulator.origin}/favicon.ico`);
    expect(outside.statusCode).toBe(404);
    expect(await outside.body.json()).toMatchObject({ code: 404900, error: true });
  });

  it("answers a known path asked with another method with a 405 and Allow", async () => {
    const emulator = await start();
    const answer = await callApi(emulator, "POST", "/report_list");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET");
    expect(answer.json).toMatchObject({ code: 405900, error: true });
  });

  it("accepts the spec's charset spelling and others, and refuses bodies that are not JSON", async () => {
    const emulator = await start();
    const body = { gamer_id: "1", days: 1 };
    for (const contentType of [
      "application/json; charset=utf8",
      "application/json; charset=UTF-8",
      "application/json",
    ]) {
      expect(
        (await callApi(emulator, "PUT", "/block_user_chat", { body, contentType })).status,
        contentType,
      ).toBe(200);
    }
    const form = await callApi(emulator, "PUT", "/block_user_chat", {
      body,
      contentType: "text/plain",
    });
    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ code: 415900, error: true });
    const broken = await callApi(emulator, "PUT", "/block_user_chat", {
      rawBody: '{"gamer_id": "1",',
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toStrictEqual({
      message: "body: not valid JSON",
      code: 400901,
      error: true,
    });
    const empty = await callApi(emulator, "PUT", "/block_user_chat");
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: 400900, error: true });
    expect((empty.json as { message: string }).message).toMatch(/^body: /);
  });

  // No clock: a server that waited for these connections would wait for the client (the answer
  // below never ends, and nobody reads it), so close() returning at all is the proof.
  it("closes with a keep-alive connection idle and another in the middle of an answer", async () => {
    const emulator = await startEmulator({ token: TOKEN });
    // undici's global pool keeps this connection open after the answer.
    await callApi(emulator, "GET", "/report_list");
    emulator.faults.add({ path: "/block_user_list", streamBytes: Number.MAX_SAFE_INTEGER });
    const endless = await request(`${emulator.baseUrl}/block_user_list`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(endless.statusCode).toBe(200);
    await emulator.close();
    await expect(endless.body.text()).rejects.toThrow();
    await expect(callApi(emulator, "GET", "/report_list")).rejects.toThrow();
  });

  it("refuses an empty token and an unknown time zone at start", async () => {
    await expect(startEmulator({ token: "" })).rejects.toThrow(/token/);
    await expect(startEmulator({ token: TOKEN, timeZone: "Mars/Olympus" })).rejects.toThrow(
      /time zone/,
    );
  });
});
