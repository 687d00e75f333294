// The fake gateway: HELLO, heartbeats, IDENTIFY answered with READY and GUILD_CREATE, RESUME
// answered by replaying what was missed and RESUMED. Dispatches sent while the bot is
// disconnected wait in the session, as Discord keeps them, and arrive on resume.
import { EventEmitter, once } from "node:events";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { type FakeGuild, guildPayload, userPayload } from "./payloads.js";

const HEARTBEAT_INTERVAL_MS = 45_000;

const frameSchema = z.object({ op: z.number(), d: z.unknown() });
const identifySchema = z.object({ token: z.string(), intents: z.number() });
const resumeSchema = z.object({
  token: z.string(),
  session_id: z.string(),
  seq: z.number().nullable(),
});

interface Dispatch {
  s: number;
  t: string;
  d: unknown;
}

interface Session {
  id: string;
  seq: number;
  sent: Dispatch[];
  socket: WebSocket | undefined;
}

export interface GatewayOptions {
  token: string;
  url: () => string;
  bot: { id: string; username: string };
  applicationId: string;
  guild: FakeGuild;
}

export class FakeGateway {
  readonly server = new WebSocketServer({ noServer: true });
  readonly events = new EventEmitter();
  /** The intents of every IDENTIFY received. */
  readonly identifies: number[] = [];
  resumes = 0;
  /** Handshakes refused during an outage: how many times the bot tried meanwhile. */
  refused = 0;
  /**
   * The most sessions (identified or resumed connections) open at once. Discord routes events to
   * every session whose shard matches, and "num_shards does not relate to (or limit) the total
   * number of potential sessions" (https://discord.com/developers/docs/events/gateway#sharding):
   * two sessions of one bot would both get each interaction, so two would mean two bots answering.
   */
  mostConnectedAtOnce = 0;
  private readonly connected = new Set<WebSocket>();
  private down = false;
  private session: Session | undefined;
  private sessionCount = 0;

  constructor(private readonly options: GatewayOptions) {
    this.server.on("connection", (socket) => this.accept(socket));
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.down) {
      // The edge in front of a gateway that is down answers the handshake with an error page.
      this.refused += 1;
      socket.end(
        "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
      );
      return;
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.server.emit("connection", ws));
  }

  /**
   * The gateway goes down until the returned function is called: the connection drops (1006)
   * and every new one is refused. The session survives, as Discord keeps a session resumable
   * for a while after a disconnect (https://discord.com/developers/docs/topics/gateway#resuming),
   * so the bot resumes once the gateway is back and gets what was dispatched meanwhile.
   */
  outage(): () => void {
    this.down = true;
    this.drop();
    return () => {
      this.down = false;
    };
  }

  /** Sends an event to the bot, or keeps it for the resume when the bot is not connected. */
  dispatch(t: string, d: unknown): void {
    const session = this.session;
    if (!session) throw new Error("the bot has no gateway session yet");
    session.seq += 1;
    const event = { s: session.seq, t, d };
    session.sent.push(event);
    const socket = session.socket;
    if (socket && socket.readyState === socket.OPEN) this.send(socket, event);
  }

  /** Ends the connection as a network failure would (1006), or with a close code. */
  drop(code?: number): void {
    const socket = this.session?.socket;
    if (!socket) return;
    if (this.session) this.session.socket = undefined;
    if (code === undefined) socket.terminate();
    else socket.close(code);
  }

  /** Resolves on the next successful IDENTIFY or RESUME. */
  nextSession(kind: "ready" | "resumed"): Promise<unknown> {
    return once(this.events, kind);
  }

  async close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    socket.send(
      JSON.stringify({
        op: 10,
        d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS },
        s: null,
        t: null,
      }),
    );
    socket.on("close", () => {
      this.connected.delete(socket);
      if (this.session?.socket === socket) this.session.socket = undefined;
    });
    socket.on("message", (data) => {
      const frame = frameSchema.safeParse(JSON.parse(String(data)));
      if (frame.success) this.receive(socket, frame.data.op, frame.data.d);
      else socket.close(4002, "Decode error");
    });
  }

  private receive(socket: WebSocket, op: number, d: unknown): void {
    if (op === 1) socket.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
    else if (op === 2) this.identify(socket, identifySchema.parse(d));
    else if (op === 6) this.resume(socket, resumeSchema.parse(d));
  }

  private identify(socket: WebSocket, identify: z.infer<typeof identifySchema>): void {
    if (identify.token !== this.options.token) {
      socket.close(4004, "Authentication failed");
      return;
    }
    this.identifies.push(identify.intents);
    this.sessionCount += 1;
    this.session = { id: `fake-session-${this.sessionCount}`, seq: 0, sent: [], socket };
    this.countConnected(socket);
    const { guild } = this.options;
    this.dispatch("READY", {
      v: 10,
      user: userPayload(this.options.bot, true),
      application: { id: this.options.applicationId, flags: 0 },
      guilds: [{ id: guild.id, unavailable: true }],
      session_id: this.session.id,
      resume_gateway_url: this.options.url(),
      shard: [0, 1],
    });
    this.dispatch("GUILD_CREATE", guildPayload(guild));
    this.events.emit("ready");
  }

  private resume(socket: WebSocket, resume: z.infer<typeof resumeSchema>): void {
    const session = this.session;
    if (!session || resume.session_id !== session.id || resume.token !== this.options.token) {
      socket.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return;
    }
    session.socket = socket;
    this.countConnected(socket);
    this.resumes += 1;
    for (const missed of session.sent.filter((event) => event.s > (resume.seq ?? 0))) {
      this.send(socket, missed);
    }
    this.dispatch("RESUMED", {});
    this.events.emit("resumed");
  }

  private countConnected(socket: WebSocket): void {
    this.connected.add(socket);
    this.mostConnectedAtOnce = Math.max(this.mostConnectedAtOnce, this.connected.size);
  }

  private send(socket: WebSocket, event: Dispatch): void {
    socket.send(JSON.stringify({ op: 0, ...event }));
  }
}
