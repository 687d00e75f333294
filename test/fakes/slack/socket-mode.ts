// The fake Socket Mode endpoint that apps.connections.open points to: on connection it says
// `hello`, as Slack does; tests deliver envelopes (slash_commands, interactive) and get back the
// acknowledgement the app sends with the same envelope_id.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { Recorder } from "./recorder.js";

export const SOCKET_PATH = "/socket-mode";

export interface Acknowledgement {
  envelope_id: string;
  payload?: unknown;
  at: number;
}

export class FakeSocketMode {
  readonly acks = new Recorder<Acknowledgement>();
  /** Every connection ever opened, in order. */
  readonly connections = new Recorder<WebSocket>();
  private readonly server = new WebSocketServer({ noServer: true });

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) => {
      ws.on("message", (data) => {
        const message = JSON.parse(String(data)) as { envelope_id?: string; payload?: unknown };
        if (message.envelope_id) {
          this.acks.add({
            envelope_id: message.envelope_id,
            payload: message.payload,
            at: performance.now(),
          });
        }
      });
      ws.send(
        JSON.stringify({
          type: "hello",
          num_connections: 1,
          debug_info: { host: "fake-slack", approximate_connection_time: 18_060 },
          connection_info: { app_id: "A0FAKE" },
        }),
      );
      this.connections.add(ws);
    });
  }

  /** Resolves once `count` connections have been opened in all. */
  connected(count = 1): Promise<WebSocket> {
    return this.connections.waitFor(
      (ws) => this.connections.items.indexOf(ws) === count - 1,
      `Socket Mode connection ${count}`,
    );
  }

  /** Sends an envelope on the newest open connection and waits for its acknowledgement. */
  async deliver(
    type: "slash_commands" | "interactive",
    payload: unknown,
  ): Promise<Acknowledgement> {
    const open = this.connections.items.filter((ws) => ws.readyState === ws.OPEN);
    const ws = open.at(-1);
    if (!ws) throw new Error("no open Socket Mode connection to deliver on");
    const envelopeId = randomUUID();
    ws.send(
      JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: true }),
    );
    return this.acks.waitFor((ack) => ack.envelope_id === envelopeId, `ack of ${type}`);
  }

  /** Closes every connection, as Slack does when it recycles one. */
  dropConnections(): void {
    for (const ws of this.connections.items) ws.terminate();
  }

  close(): void {
    this.dropConnections();
    this.server.close();
  }
}
