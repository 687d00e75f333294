// Bodies at /slack/events are capped before anyone knows who sent them: a body announced or
// streamed past 1 MB is refused with 413 at once, before any signature work and without reading
// the rest, so unauthenticated posts cannot grow the bot's memory.
// No clock judges it: the first clients never send the rest of their bodies, so an answer arriving
// at all shows that the server did not wait for it (one that did would hold the test past its
// time); the hundred whole posts are judged by the memory they leave.
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { slackSignature } from "../../fakes/slack/signing.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { SIGNING_SECRET } from "./drivers.js";
import { type HttpBot, startHttpBot } from "./http-bot.js";

const MB = 1024 * 1024;

let core: Harness;
let fake: FakeSlack;
let bot: HttpBot;
beforeAll(async () => {
  core = await startHarness();
  fake = await startFakeSlack();
  bot = await startHttpBot(core, fake);
});
afterAll(async () => {
  await bot.close();
  await fake.close();
  await core.close();
});

interface RawExchange {
  socket: Socket;
  /** The status of the server's answer, as soon as its first line arrives. */
  status: Promise<number>;
  closed: Promise<void>;
}

/** A request written by hand on a socket, so a test decides exactly what is sent and when. */
function rawRequest(head: string): RawExchange {
  const socket = connect(bot.http.port(), "127.0.0.1");
  // The server may close while the client still writes: that is the point, not a failure.
  socket.on("error", () => {});
  let received = "";
  const status = new Promise<number>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const line = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (line) resolve(Number(line[1]));
    });
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(head);
  return { socket, status, closed };
}

const unsignedHead = (framing: string) =>
  `POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n`;

describe("the body cap at /slack/events", () => {
  it("refuses a body announced at 4 MB with 413 after 64 KB, without waiting for the rest", async () => {
    const exchange = rawRequest(unsignedHead(`Content-Length: ${4 * MB}\r\n`));
    exchange.socket.write(Buffer.alloc(64 * 1024, "a"));
    expect(await exchange.status).toBe(413);
    await exchange.closed;
  });

  it("refuses a chunked body once it passes 1 MB, without waiting for its end", async () => {
    const exchange = rawRequest(unsignedHead("Transfer-Encoding: chunked\r\n"));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    // 17 chunks of 64 KB: just past 1 MB, and never the terminating chunk.
    for (let index = 0; index < 17; index++) exchange.socket.write(frame);
    expect(await exchange.status).toBe(413);
    await exchange.closed;
  });

  it("accepts a signed body just under 1 MB", async () => {
    const body = JSON.stringify({
      type: "url_verification",
      challenge: "large-but-fine",
      padding: "p".repeat(MB - 200),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(bot.endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": slackSignature(SIGNING_SECRET, timestamp, body),
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: "large-but-fine" });
  });

  it("answers 100 parallel unsigned 4 MB posts with 413 and does not grow", async () => {
    const payload = Buffer.alloc(4 * MB, "a");
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakBuffers = before.arrayBuffers;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    }, 5);
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port: bot.http.port(),
            path: "/slack/events",
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", "content-length": payload.length },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        // Once the server has answered and closed, the rest of the upload fails: expected.
        request.on("error", (error) => setTimeout(() => reject(error), 1_000));
        request.end(payload);
      });
    const statuses = await Promise.all(Array.from({ length: 100 }, post));
    clearInterval(sampler);
    expect(new Set(statuses)).toEqual(new Set([413]));
    // Buffered, these would be 400 MB; the client's one shared 4 MB payload is all that may stay.
    expect(peakBuffers - before.arrayBuffers).toBeLessThan(64 * MB);
    expect(peakRss - before.rss).toBeLessThan(160 * MB);
  });
});
