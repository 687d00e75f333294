// The bot's one HTTP server on PORT: /healthz for probes, and whatever adapters mount (Slack's
// /slack/events in HTTP mode). One port to open, one server to close. It is reachable by anyone,
// so what a client can hold is bounded: headers and whole requests must arrive within their
// timeouts (a trickling client is answered 408 and closed), and connections beyond the cap are
// dropped as they arrive. Bodies are bounded by whoever reads them (the Slack endpoint: 1 MB).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readiness } from "./component.js";

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface BotHttpServer {
  /** Routes requests whose path starts with `prefix` to `handler`. */
  mount(prefix: string, handler: RequestHandler): void;
  /**
   * Liveness: what /healthz reports. It says only whether this process can serve (the event loop
   * answers, the store is open), never whether a platform or the chat API is reachable: a probe
   * that restarts the bot on /healthz must not restart it for Slack's outage.
   */
  setLiveness(check: () => Readiness): void;
  /**
   * Readiness: what /readyz reports, by component name, asked at each request. 200 when every
   * component is ready, 503 otherwise, with each one's state in words.
   */
  setReadiness(component: string, check: () => Readiness): void;
  /** Readiness of a changing set of components (the lifecycle's), asked at each request. */
  addReadinessSource(source: () => Record<string, Readiness>): void;
  port(): number;
  close(): Promise<void>;
}

export type { Readiness };

export interface HttpServerLimits {
  /** Time for a request's headers to arrive, from its first byte (or the connection's). */
  headersTimeoutMs: number;
  /** Time for a whole request, body included, to arrive. */
  requestTimeoutMs: number;
  /** Open connections at once; more are closed as soon as they are accepted. */
  maxConnections: number;
}

/**
 * Generous for Slack (it sends small bodies in one go, and gives up on us after 3 s) and for
 * probes; tight enough that 3,000 trickling connections cannot hold the bot for minutes.
 */
const DEFAULT_HTTP_LIMITS: HttpServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1_000,
};

export async function startHttpServer(
  port: number,
  host = "0.0.0.0",
  limits: Partial<HttpServerLimits> = {},
): Promise<BotHttpServer> {
  const { headersTimeoutMs, requestTimeoutMs, maxConnections } = {
    ...DEFAULT_HTTP_LIMITS,
    ...limits,
  };
  const mounts: { prefix: string; handler: RequestHandler }[] = [];
  let liveness: () => Readiness = () => ({ ready: true, detail: "ok" });
  const readiness = new Map<string, () => Readiness>();
  const readinessSources: (() => Record<string, Readiness>)[] = [];
  const server: Server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node checks both timeouts on this period (30 s by default), so a timeout fires up to one
      // period late; a tenth of the headers timeout keeps that small.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, headersTimeoutMs / 10)),
    },
    (request, response) => {
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      if (path === "/healthz") {
        // Answering at all shows the event loop is alive; the check adds the store.
        const { ready, detail } = liveness();
        response.writeHead(ready ? 200 : 503, { "content-type": "application/json" });
        response.end(JSON.stringify({ status: ready ? "ok" : "down", detail }));
        return;
      }
      if (path === "/readyz") {
        const components = Object.assign(
          Object.fromEntries([...readiness].map(([name, check]) => [name, check()] as const)),
          ...readinessSources.map((source) => source()),
        ) as Record<string, Readiness>;
        const ready = Object.values(components).every((component) => component.ready);
        response.writeHead(ready ? 200 : 503, { "content-type": "application/json" });
        response.end(JSON.stringify({ status: ready ? "ready" : "not ready", components }));
        return;
      }
      const mounted = mounts.find((mount) => path.startsWith(mount.prefix));
      if (mounted) return mounted.handler(request, response);
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found\n");
    },
  );
  server.maxConnections = maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    mount: (prefix, handler) => {
      mounts.push({ prefix, handler });
    },
    setLiveness: (check) => {
      liveness = check;
    },
    setReadiness: (component, check) => {
      readiness.set(component, check);
    },
    addReadinessSource: (source) => {
      readinessSources.push(source);
    },
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
