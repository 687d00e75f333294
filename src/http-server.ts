// The bot's one HTTP server on PORT: /healthz for probes, and whatever adapters mount (Slack's
// /slack/events in HTTP mode). One port to open, one server to close. It is reachable by anyone,
// so what a client can hold is bounded: headers and whole requests must arrive within their
// timeouts (a trickling client is answered 408 and closed), and connections beyond the cap are
// dropped as they arrive. Bodies are bounded by whoever reads them (the Slack endpoint: 1 MB).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface BotHttpServer {
  /** Routes requests whose path starts with `prefix` to `handler`. */
  mount(prefix: string, handler: RequestHandler): void;
  /** Health: what /healthz reports, by component name. */
  setHealth(component: string, healthy: boolean): void;
  /**
   * Readiness: what /readyz reports, by component name, asked at each request. 200 when every
   * component is ready, 503 otherwise, with each one's state in words.
   */
  setReadiness(component: string, check: () => Readiness): void;
  port(): number;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  /** "ok", or what is wrong: "DATA_DIR (/srv/chatwarden) is full: free some space there". */
  detail: string;
}

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
  const health = new Map<string, boolean>();
  const readiness = new Map<string, () => Readiness>();
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
        const components = Object.fromEntries(health);
        const healthy = [...health.values()].every(Boolean);
        response.writeHead(healthy ? 200 : 503, { "content-type": "application/json" });
        response.end(JSON.stringify({ status: healthy ? "ok" : "degraded", components }));
        return;
      }
      if (path === "/readyz") {
        const components = Object.fromEntries(
          [...readiness].map(([name, check]) => [name, check()] as const),
        );
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
    setHealth: (component, healthy) => {
      health.set(component, healthy);
    },
    setReadiness: (component, check) => {
      readiness.set(component, check);
    },
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
