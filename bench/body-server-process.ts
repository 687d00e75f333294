// The child process behind body-server.ts: serves stored bodies, byte for byte, on 127.0.0.1.
// It does nothing per request but look up a Buffer and write it, so the time a benchmark measures
// is the client's, and the server's CPU is another process's (on another core), not the
// measuring process's. It checks no token: it stands for the bytes on the wire, not the API.
//   PUT  /__bodies/NAME            stores the request body under NAME
//   POST /__serve?path=P&body=NAME GET P answers 200 with body NAME from now on
// It prints {"origin": "..."} on its first line, and exits when its stdin closes (the parent
// went away), so no benchmark leaves a server behind.
import { createServer, type IncomingMessage } from "node:http";

const bodies = new Map<string, Buffer>();
const served = new Map<string, Buffer>();

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "GET") {
    const body = served.get(url.pathname);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
    });
    response.end(body);
    return;
  }
  if (request.method === "PUT" && url.pathname.startsWith("/__bodies/")) {
    const name = decodeURIComponent(url.pathname.slice("/__bodies/".length));
    readAll(request).then((body) => {
      bodies.set(name, body);
      response.writeHead(204).end();
    });
    return;
  }
  if (request.method === "POST" && url.pathname === "/__serve") {
    const body = bodies.get(url.searchParams.get("body") ?? "");
    const path = url.searchParams.get("path");
    if (body === undefined || path === null) {
      response.writeHead(400).end();
      return;
    }
    served.set(path, body);
    response.writeHead(204).end();
    return;
  }
  response.writeHead(405).end();
});
// Keep-alive sockets of the measuring pools stay open between rounds, as they do against an API.
server.keepAliveTimeout = 60_000;

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${address.port}` })}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
