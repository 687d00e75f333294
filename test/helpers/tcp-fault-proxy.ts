// A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL in the fault tests), through which a
// test makes the network misbehave as a real one does: hold every byte for a while (a stalled
// socket: a switch, a saturated link, a frozen peer), then let it go, or reset every connection
// (a cut: a restarted load balancer, a NAT that forgot the flow). Clients see a socket that
// stays open but silent, then either carries on or fails with ECONNRESET.
import { once } from "node:events";
import { type AddressInfo, createConnection, createServer, type Socket } from "node:net";

export interface TcpFaultProxy {
  /** Where clients connect instead of the server. */
  port: number;
  /** Holds all traffic both ways, on open connections and new ones, until resume or reset. */
  stall(): void;
  /** Lets the held traffic go on. */
  resume(): void;
  /** Resets every connection now (RST, not FIN); new connections pass again. */
  reset(): void;
  /** How many connections are open through the proxy. */
  openConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
}

export async function startTcpFaultProxy(target: {
  host: string;
  port: number;
}): Promise<TcpFaultProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;

  // A paused socket is not read: nothing is passed on and, once the kernel's buffers fill, the
  // sender blocks too. What a stalled network path looks like to both ends.
  const hold = (pair: Pair) => {
    pair.client.pause();
    pair.server.pause();
  };
  const release = (pair: Pair) => {
    pair.client.resume();
    pair.server.resume();
  };

  const proxy = createServer((client) => {
    const server = createConnection(target);
    const pair = { client, server };
    pairs.add(pair);
    // Not pipe(): a pipe resumes its source when the other end drains, even one held here.
    client.on("data", (chunk) => server.write(chunk));
    server.on("data", (chunk) => client.write(chunk));
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on("error", forget).on("close", forget);
    server.on("error", forget).on("close", forget);
    if (stalled) hold(pair);
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");

  return {
    port: (proxy.address() as AddressInfo).port,
    stall() {
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    resume() {
      stalled = false;
      for (const pair of pairs) release(pair);
    },
    reset() {
      stalled = false;
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        pair.client.resetAndDestroy();
        pair.server.resetAndDestroy();
      }
    },
    openConnections: () => pairs.size,
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
