// Socket Mode's connection, kept up by the adapter rather than by the Socket Mode client: the
// client's own reconnection leaves a rejected promise unhandled when apps.connections.open fails
// (a Slack outage would end the process) and waits longer after every failure without a word at
// the default log level. Here every failure is caught, the wait between tries is capped, and the
// connection's state tells the story: one warning when it goes, one line when it is back (how
// long, how many tries), each try at debug; /readyz reads the same state.
import type { SocketModeReceiver } from "@slack/bolt";
import type { ConnectionState, Logger } from "../../src/index.js";

export interface ReconnectPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
}

export const PRODUCTION_RECONNECT_POLICY: ReconnectPolicy = {
  firstDelayMs: 2_000,
  maxDelayMs: 60_000,
};

export class SocketModeConnection {
  private stopped = false;
  private connecting = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly receiver: SocketModeReceiver,
    private readonly logger: Logger,
    private readonly policy: ReconnectPolicy,
    private readonly state: ConnectionState,
  ) {
    receiver.client.on("connected", () => this.state.up());
    receiver.client.on("disconnected", () => {
      // A connection that was up has dropped (Slack recycles them routinely); a failed attempt
      // is rescheduled where it failed.
      if (this.stopped || this.connecting || this.timer) return;
      this.state.down("connection closed");
      this.schedule(0);
    });
  }

  /** Connects in the background: the bot starts whether or not Slack answers. */
  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.state.stopped();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.receiver.stop().catch((error: unknown) => {
      this.logger.debug({ err: error }, "Socket Mode client stopped with an error");
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connecting) return;
    this.connecting = true;
    this.state.attempt();
    try {
      await this.receiver.start();
      this.state.up();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      const delayMs = Math.min(
        this.policy.firstDelayMs * 2 ** (this.failures - 1),
        this.policy.maxDelayMs,
      );
      this.state.down(error instanceof Error ? error.message : String(error));
      this.logger.debug(
        { err: error, attempt: this.failures, retryInMs: delayMs },
        "Slack Socket Mode connection failed; check SLACK_APP_TOKEN and SLACK_API_URL",
      );
      this.schedule(delayMs);
    } finally {
      this.connecting = false;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delayMs);
  }
}
