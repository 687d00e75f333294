// The Discord adapter as a component. discord.js is loaded only here, when Discord is configured
// and serve starts it. Start-up does not wait for Discord: the adapter waits out an outage on its
// own, and its report and audit drainers join the lifecycle once it is logged in. A refused
// token is fatal: serve ends with its reason.
import type { DiscordAdapter } from "../../adapters/discord/client.js";
import type { Config } from "../../src/config.js";
import type { Core } from "../../src/core.js";
import type { Destination } from "../../src/feed/destination.js";
import type { Logger } from "../../src/log.js";
import type {
  CheckBudget,
  Component,
  DoctorCheck,
  Readiness,
  StopSummary,
} from "../../src/runtime/component.js";
import { NOTHING_IN_FLIGHT } from "../../src/runtime/component.js";
import { ConnectionState } from "../../src/runtime/connection-state.js";
import { plural } from "../../src/view/plural.js";
import { discordDoctor } from "../doctor/checks.js";

export interface PlatformHooks {
  /** The adapter is up: its destinations start draining. */
  onUp(destinations: readonly Destination[]): Promise<void>;
  /** The adapter cannot start for good (a refused token): the app stops with this reason. */
  onFatal(error: unknown): void;
}

export class DiscordComponent implements Component {
  readonly name = "discord";
  private adapter: DiscordAdapter | undefined;
  private readonly abandon = new AbortController();
  /** Started, and its destinations draining. */
  private up = false;
  /** Interactions under way when the stop began. */
  private running = 0;
  private starting: Promise<void> | undefined;
  /** Made here, so /readyz says "connecting since …" while start-up still waits for Discord. */
  private readonly connection: ConnectionState;

  constructor(
    private readonly config: NonNullable<Config["discord"]>,
    private readonly core: Pick<Core, "runner" | "completions" | "presentation">,
    private readonly logger: Logger,
    private readonly hooks: PlatformHooks,
  ) {
    this.connection = new ConnectionState("Discord gateway", logger.child({ adapter: "discord" }));
  }

  async start(): Promise<void> {
    this.starting = this.connect().catch((error: unknown) => {
      if (!this.abandon.signal.aborted) this.hooks.onFatal(error);
    });
  }

  private async connect(): Promise<void> {
    const { startDiscordAdapter } = await import("../../adapters/discord/client.js");
    const adapter = await startDiscordAdapter({
      config: this.config,
      runner: this.core.runner,
      presentation: this.core.presentation,
      completions: this.core.completions,
      logger: this.logger,
      signal: this.abandon.signal,
      connection: this.connection,
    });
    this.adapter = adapter;
    await this.hooks.onUp(adapter.destinations);
    this.up = true;
  }

  /** The token, the application, the guild, the channels' permissions and the roles. */
  doctor(budget: CheckBudget): Promise<DoctorCheck[]> {
    return discordDoctor(this.config).doctor(budget);
  }

  readiness(): Readiness {
    const connection = this.connection.readiness();
    // Logged in, but the slash commands are still being checked and nothing drains yet.
    if (connection.ready && !this.up) {
      return { ready: false, detail: "connected; checking the slash commands" };
    }
    return connection;
  }

  quiesce(): void {
    if (!this.adapter) return;
    this.running = this.adapter.inFlight();
    this.adapter.refuseNewWork();
  }

  async stop(deadline: number): Promise<StopSummary> {
    // A start-up still waiting for Discord is abandoned.
    this.abandon.abort();
    await this.starting;
    if (!this.adapter) return NOTHING_IN_FLIGHT;
    const left = await this.adapter.stop(deadline - Date.now());
    const finished = this.running - left;
    return {
      finished: finished > 0 ? [plural(finished, "interaction")] : [],
      left: left > 0 ? [`${plural(left, "interaction")} cut off`] : [],
    };
  }
}
