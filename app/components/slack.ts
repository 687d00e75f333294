// The Slack adapter as a component. bolt is loaded only here, when Slack is configured. In HTTP
// mode Slack's requests arrive on the bot's HTTP server; from the moment a stop begins they are
// answered 503 (Slack retries them elsewhere or later), while commands already acknowledged run
// to their end. A refused token is fatal: serve ends with its reason.
import type { SlackAdapter } from "../../adapters/slack/app.js";
import type { Config } from "../../src/config.js";
import type { Core } from "../../src/core.js";
import type { Logger } from "../../src/log.js";
import type {
  CheckBudget,
  Component,
  DoctorCheck,
  Readiness,
  StopSummary,
} from "../../src/runtime/component.js";
import type { BotHttpServer } from "../../src/runtime/http-server.js";
import { ReplayGuard } from "../../src/store/replay-guard.js";
import { plural } from "../../src/view/plural.js";
import { slackDoctor } from "../doctor/checks.js";
import { STOP_GRACE_MS, untilDeadline } from "../lifecycle.js";
import type { PlatformHooks } from "./discord.js";

export class SlackComponent implements Component {
  readonly name = "slack";
  private adapter: SlackAdapter | undefined;
  private stopping: Promise<number> | undefined;
  /** Started, and its destinations draining. */
  private up = false;
  /** Work under way when the stop began. */
  private running = 0;

  constructor(
    private readonly config: NonNullable<Config["slack"]>,
    private readonly core: Pick<Core, "runner" | "store" | "presentation">,
    private readonly http: BotHttpServer,
    private readonly logger: Logger,
    private readonly hooks: PlatformHooks,
  ) {}

  async start(): Promise<void> {
    const { startSlackAdapter } = await import("../../adapters/slack/app.js");
    this.adapter = await startSlackAdapter({
      config: this.config,
      runner: this.core.runner,
      presentation: this.core.presentation,
      logger: this.logger,
      http: this.http,
      replayGuard: new ReplayGuard(this.core.store),
    });
    await this.hooks.onUp(this.adapter.destinations);
    this.up = true;
  }

  /** The token and its scopes, the bot in its channels, the app token, the moderators. */
  doctor(budget: CheckBudget): Promise<DoctorCheck[]> {
    return slackDoctor(this.config).doctor(budget);
  }

  readiness(): Readiness {
    if (!this.adapter || !this.up) return { ready: false, detail: "starting" };
    return this.adapter.connection.readiness();
  }

  /** Slack hears 503 from now on; the adapter's stop waits for the commands under way. */
  quiesce(): void {
    if (!this.adapter || this.stopping) return;
    this.running = this.adapter.inFlight();
    this.stopping = this.adapter.stop(STOP_GRACE_MS);
  }

  async stop(deadline: number): Promise<StopSummary> {
    this.quiesce();
    const left = await untilDeadline(this.stopping ?? Promise.resolve(0), deadline);
    const stillRunning = left === "timeout" ? (this.adapter?.inFlight() ?? 0) : left;
    const finished = this.running - stillRunning;
    return {
      finished: finished > 0 ? [plural(finished, "request")] : [],
      left: stillRunning > 0 ? [`${plural(stillRunning, "request")} cut off`] : [],
    };
  }
}
