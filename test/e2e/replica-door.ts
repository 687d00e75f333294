// Each replica reaches the emulator through a door of its own: a reverse proxy on 127.0.0.1 that
// adds `x-replica: <name>` to every request it passes on. The emulator's request log keeps
// headers, so it then says which replica made each call (a poll, a ban), which the two processes'
// identical requests would not. The door stays open across restarts of its replica.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RecordedRequest } from "../../emulator/server.js";

export const REPLICA_HEADER = "x-replica";

export interface ReplicaDoor {
  /** CHAT_API_BASE_URL for the replica. */
  baseUrl: string;
  /** Where requests go from now on: the emulator's origin, known once it has started. */
  leadTo(origin: string): void;
  close(): Promise<void>;
}

export async function openReplicaDoor(name: string): Promise<ReplicaDoor> {
  let target: URL | undefined;
  const server = createServer((incoming, outgoing) => pass(incoming, outgoing));

  function pass(incoming: IncomingMessage, outgoing: ServerResponse): void {
    if (!target) {
      outgoing.writeHead(502).end();
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host, [REPLICA_HEADER]: name },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    // A replica killed mid-request (SIGKILL) drops its side; the emulator's side goes with it.
    incoming.on("error", () => upstream.destroy());
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) upstream.destroy();
    });
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/chat/v1`,
    leadTo(origin) {
      target = new URL(origin);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The replica that made a request, as its door marked it. */
export function replicaOf(recorded: RecordedRequest): string | undefined {
  return recorded.headers[REPLICA_HEADER];
}
