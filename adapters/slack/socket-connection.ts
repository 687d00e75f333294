// Socket Mode's connection, kept up by the adapter rather than by the Socket Mode client: the
// client's own reconnection leaves a rejected promise unhandled when apps.connections.open fails
// (a Slack outage would end the process) and waits longer after every failure without a word at
// the default log level. Here every failure is caught, logged with its attempt number and the
// wait before the next one, and the wait is capped.
import type { SocketModeReceiver } from "@slack/bolt";
import type { Logger } from "../../src/log.js";

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
    private readonly onHealth: (connected: boolean) => void,
  ) {
    receiver.client.on("connected", () => this.onHealth(true));
    receiver.client.on("disconnected", () => {
      this.onHealth(false);
      // A connection that was up has dropped (Slack recycles them routinely); a failed attempt
      // is rescheduled where it failed.
      if (this.stopped || this.connecting || this.timer) return;
      this.logger.warn("Slack Socket Mode connection closed; reconnecting");
      this.schedule(0);
    });
  }

  /** Connects in the background: the bot starts whether or not Slack answers. */
  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.receiver.stop().catch((error: unknown) => {
      this.logger.debug({ err: error }, "Socket Mode client stopped with an error");
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connecting) return;
    this.connecting = true;
    try {
      await this.receiver.start();
      const message =
        this.failures > 0 ? "Slack Socket Mode reconnected" : "Slack Socket Mode connected";
      this.logger.info({ failedAttempts: this.failures }, message);
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      const delayMs = Math.min(
        this.policy.firstDelayMs * 2 ** (this.failures - 1),
        this.policy.maxDelayMs,
      );
      this.logger.warn(
        {
          attempt: this.failures,
          retryInMs: delayMs,
          error: error instanceof Error ? error.message : String(error),
        },
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
