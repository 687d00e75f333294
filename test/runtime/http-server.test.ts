// The bot's HTTP server bounds what a client can hold: headers and whole requests must arrive
// within their timeouts, and connections beyond the cap are dropped. The limits are short here;
// the defaults (10 s, 30 s, 1000 connections) are the same mechanism.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type BotHttpServer, startHttpServer } from "../../src/runtime/http-server.js";

let server: BotHttpServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

/** A raw connection that records when the server closed it. */
function open(port: number): { socket: Socket; closed: Promise<number>; received: () => string } {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => {});
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  const closed = new Promise<number>((resolve) =>
    socket.on("close", () => resolve(performance.now())),
  );
  return { socket, closed, received: () => received };
}

/**
 * The one real-time bound in these tests: Node's HTTP server keeps its own clock, which fake
 * timers do not reach, and nothing but the closing itself shows that a limit applied. The bound
 * is generous: over 8 times the limits set here (300 ms, 600 ms), yet half the smallest of the
 * defaults (10 s, 30 s), so a server that ignored the limits it was given still fails.
 */
const CLOSED_WITHIN_MS = 5_000;

/** Writes one byte of `text` every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text.charAt(index++));
  }, everyMs);
  socket.on("close", () => clearInterval(timer));
}

describe("slow clients", () => {
  it("closes a connection whose headers trickle in past the headers timeout", async () => {
    server = await startHttpServer(0, "127.0.0.1", {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    const started = performance.now();
    const client = open(server.port());
    trickle(client.socket, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(200)}`, 50);
    expect((await client.closed) - started).toBeLessThan(CLOSED_WITHIN_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("closes a connection whose body trickles in past the request timeout", async () => {
    server = await startHttpServer(0, "127.0.0.1", {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    // A handler that reads the whole body before answering, as Slack's endpoint does.
    server.mount("/read", (request, response) => {
      request.resume();
      request.on("end", () => response.end("read\n"));
    });
    const started = performance.now();
    const client = open(server.port());
    client.socket.write("POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n");
    trickle(client.socket, "b".repeat(1000), 50);
    expect((await client.closed) - started).toBeLessThan(CLOSED_WITHIN_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).not.toContain("read");
  });

  it("closes a connection that never sends anything", async () => {
    server = await startHttpServer(0, "127.0.0.1", {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    const started = performance.now();
    const client = open(server.port());
    expect((await client.closed) - started).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it("still serves a prompt client", async () => {
    server = await startHttpServer(0, "127.0.0.1", {
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
    });
    const response = await fetch(`http://127.0.0.1:${server.port()}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe("the connection cap", () => {
  it("drops connections beyond maxConnections and serves again once one closes", async () => {
    server = await startHttpServer(0, "127.0.0.1", { maxConnections: 2 });
    const port = server.port();
    const held = [open(port), open(port)];
    // Partial requests: both connections are busy and stay open.
    for (const { socket } of held) socket.write("GET /healthz HTTP/1.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = open(port);
    await third.closed;
    expect(third.received()).toBe("");
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
