// An answer larger than CHAT_API_MAX_BODY_MB fails the call with a sentence a moderator can read,
// while it streams in: an endless body costs the bot the cap, not all of its memory, and the
// client goes on working afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { BYTES_PER_MB, type ChatApiClient } from "../../src/chat-api/client.js";
import { ChatApiBodyTooLargeError } from "../../src/chat-api/errors.js";
import { clientFor, startTestEmulator } from "../helpers/emulator.js";

let emulator: RunningEmulator;
let client: ChatApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = clientFor(emulator.baseUrl, { maxBodyBytes: 2 * BYTES_PER_MB, timeoutMs: 20_000 });
});
afterEach(() => {
  emulator.faults.clear();
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe("the answer's size", () => {
  it("an endless answer stops at the cap, names it, and memory stays bounded", async () => {
    // Truly endless (8 PB, sent as fast as the client reads): a client that read on past the cap,
    // even discarding what it read, would never answer, so the failure arriving at all shows that
    // it stopped, with no clock to judge it by.
    emulator.faults.add({
      method: "GET",
      path: "/report_list",
      streamBytes: Number.MAX_SAFE_INTEGER,
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const failure = await client.listReports().then(
      () => undefined,
      (error: unknown) => error,
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(failure).toBeInstanceOf(ChatApiBodyTooLargeError);
    expect((failure as Error).message).toBe(
      "The chat API's answer to GET /report_list is larger than 2 MB",
    );
    expect(failure).toMatchObject({ kind: "too-large", limitBytes: 2 * BYTES_PER_MB });
    expect(peak - before).toBeLessThan(100 * BYTES_PER_MB);
  });

  it("is not retried, and the next call on the same client works", async () => {
    emulator.faults.add({ method: "GET", path: "/block_user_list", streamBytes: 4 * BYTES_PER_MB });
    await expect(client.listBans()).rejects.toThrow(
      "The chat API's answer to GET /block_user_list is larger than 2 MB",
    );
    expect(emulator.faults.pending()).toEqual([]);
    const requestsBefore = emulator.requests.length;
    await expect(client.listBans()).resolves.toEqual([]);
    expect(emulator.requests.length).toBe(requestsBefore + 1);
  });

  it("a write's answer past the cap says the change may have been applied", async () => {
    emulator.faults.add({ method: "PUT", path: "/block_user_chat", streamBytes: 3 * BYTES_PER_MB });
    await expect(client.banUser({ gamer_id: "big-1", days: 1 })).rejects.toThrow(
      "The chat API's answer to PUT /block_user_chat is larger than 2 MB; the change may have been applied, check before trying again",
    );
  });

  it("an answer within the cap is read as before", async () => {
    const name = "g".repeat(1.5 * BYTES_PER_MB);
    emulator.faults.add({
      method: "GET",
      path: "/open_channel_groups",
      respond: { status: 200, body: JSON.stringify([name]) },
    });
    await expect(client.listChannelGroups()).resolves.toEqual([name]);
  });

  it("a declared Content-Length past the cap fails before reading the body", async () => {
    const big = JSON.stringify(["x".repeat(3 * BYTES_PER_MB)]);
    emulator.faults.add({
      method: "GET",
      path: "/open_channel_groups",
      respond: { status: 200, body: big },
    });
    await expect(client.listChannelGroups()).rejects.toThrow(
      "The chat API's answer to GET /open_channel_groups is larger than 2 MB",
    );
  });

  it("defaults to 256 MB", () => {
    const plain = clientFor(emulator.baseUrl);
    expect(plain.maxBodyBytes).toBe(256 * BYTES_PER_MB);
    return plain.close();
  });
});
