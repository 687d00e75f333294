// The chat API client as a component. It is ready while the API answers: a probe at start-up
// says so first, then every poll of the report feed does. Stopping closes its connection pool
// once the commands that use it have finished (it stops after the adapters).
import type { Core } from "../../src/core.js";
import type { PollState } from "../../src/feed/feed.js";
import { t } from "../../src/i18n/translate.js";
import {
  type CheckBudget,
  type Component,
  type DoctorCheck,
  NOTHING_IN_FLIGHT,
  type Readiness,
} from "../../src/runtime/component.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import type { DoctorArea } from "../doctor/checks.js";

/** Where the component learns of the API's state after start-up: the feed's polls. */
export type ChatApiWatch = () => Pick<PollState, "polling" | "outageSince" | "lastPollAt">;

/** What a probe found: how many channel groups the API listed, or why it did not answer. */
type Probed = { groups: number } | { reason: string };

/** A failed probe is tried again when readiness is asked, but not more often than this. */
const REPROBE_AFTER_MS = 30_000;

export class ChatApiComponent implements Component {
  readonly name = "chat-api";
  private probe: { ok: boolean; reason: string; at: Date; since: Date } | undefined;
  private probing: Promise<Probed> | undefined;
  private watch: ChatApiWatch | undefined;

  constructor(
    private readonly core: Pick<Core, "api" | "now">,
    /** Its doctor check: the configured API answers, and accepts the token. */
    private readonly checks?: DoctorArea,
  ) {}

  doctor(budget: CheckBudget): Promise<DoctorCheck[]> {
    return this.checks?.doctor(budget) ?? Promise.resolve([]);
  }

  /** Does not wait for the API: a chat API that is down at start-up is not ready, not fatal. */
  async start(): Promise<void> {}

  /**
   * One read-only call, saying whether the API answers: "3 channel groups", or why not. Serve
   * prints it, in the language of the work that asks (the probe may have been started by a
   * readiness check); readiness starts from it.
   */
  async probeNow(): Promise<string> {
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    const probed = await this.probing;
    return "groups" in probed
      ? t("operator.startup.connected", { count: String(probed.groups) })
      : t("operator.startup.notAnswering", { reason: probed.reason });
  }

  private async probeOnce(): Promise<Probed> {
    const at = this.core.now();
    try {
      const groups = await this.core.api.listChannelGroups();
      this.probe = { ok: true, reason: "", at, since: at };
      return { groups: groups.length };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const since = this.probe && !this.probe.ok ? this.probe.since : at;
      this.probe = { ok: false, reason, at, since };
      return { reason };
    }
  }

  /** From now on the feed's polls say whether the API answers. */
  watchWith(watch: ChatApiWatch): void {
    this.watch = watch;
  }

  readiness(): Readiness {
    const polled = this.watch?.();
    const probe = this.probe;
    if (polled?.outageSince) {
      const notAnswering = {
        ready: false,
        detail: `not answering since ${utcMinute(polled.outageSince)}`,
      };
      if (polled.polling) return notAnswering;
      // The polls stopped during the outage (this replica no longer leads): no poll will say
      // when it ends, so a probe newer than the last failed poll says how the API is now.
      if (probe === undefined || probe.at <= polled.outageSince) {
        void this.probeNow();
        return notAnswering;
      }
    }
    if (probe === undefined) return { ready: false, detail: "not checked yet" };
    // The newer of the last poll and the last probe says how the API is.
    if (probe.ok || (polled?.lastPollAt && polled.lastPollAt > probe.at)) {
      return { ready: true, detail: "ok" };
    }
    if (this.core.now().getTime() - probe.at.getTime() >= REPROBE_AFTER_MS) void this.probeNow();
    return {
      ready: false,
      detail: `not answering since ${utcMinute(probe.since)}: ${probe.reason}`,
    };
  }

  async stop(): Promise<typeof NOTHING_IN_FLIGHT> {
    await this.core.api.close();
    return NOTHING_IN_FLIGHT;
  }
}
