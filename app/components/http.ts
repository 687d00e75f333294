// The bot's HTTP server as a component: it listens first (Slack's HTTP mode mounts on it) and
// closes late, after the adapters have finished, so that Slack hears 503 while the bot stops.

import { t } from "../../src/i18n/translate.js";
import { type Component, NOTHING_IN_FLIGHT, type Readiness } from "../../src/runtime/component.js";
import { type BotHttpServer, startHttpServer } from "../../src/runtime/http-server.js";

export class HttpComponent implements Component {
  readonly name = "http";
  private listening: BotHttpServer | undefined;

  constructor(
    private readonly port: number,
    /** Undefined: every interface. The demo listens on 127.0.0.1 only. */
    private readonly host?: string,
  ) {}

  async start(): Promise<void> {
    try {
      this.listening = await startHttpServer(this.port, this.host);
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
        // Told to the operator on the terminal (the start fails), in its language.
        const values = { port: String(this.port), setting: "PORT" };
        throw new Error(t("operator.startup.portInUse", values));
      }
      throw error;
    }
  }

  /** The listening server; only after start(). */
  get server(): BotHttpServer {
    if (!this.listening) throw new Error("the HTTP server has not started");
    return this.listening;
  }

  readiness(): Readiness {
    return this.listening
      ? { ready: true, detail: `listening on port ${this.listening.port()}` }
      : { ready: false, detail: "not listening" };
  }

  async stop(): Promise<typeof NOTHING_IN_FLIGHT> {
    await this.listening?.close();
    return NOTHING_IN_FLIGHT;
  }
}
