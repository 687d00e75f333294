// The bot's one HTTP server on PORT: /healthz for probes, and whatever adapters mount (Slack's
// /slack/events in HTTP mode). One port to open, one server to close.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface BotHttpServer {
  /** Routes requests whose path starts with `prefix` to `handler`. */
  mount(prefix: string, handler: RequestHandler): void;
  /** Health: what /healthz reports, by component name. */
  setHealth(component: string, healthy: boolean): void;
  port(): number;
  close(): Promise<void>;
}

export async function startHttpServer(port: number, host = "0.0.0.0"): Promise<BotHttpServer> {
  const mounts: { prefix: string; handler: RequestHandler }[] = [];
  const health = new Map<string, boolean>();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    if (path === "/healthz") {
      const components = Object.fromEntries(health);
      const healthy = [...health.values()].every(Boolean);
      response.writeHead(healthy ? 200 : 503, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: healthy ? "ok" : "degraded", components }));
      return;
    }
    const mounted = mounts.find((mount) => path.startsWith(mount.prefix));
    if (mounted) return mounted.handler(request, response);
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found\n");
  });
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
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
