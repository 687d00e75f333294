// The one interface every running part of the bot shares: the store, the chat API client, the
// report poller, the outbox drainers, the Discord and Slack adapters, the HTTP server and the
// console. The lifecycle starts them in order, asks each whether it is ready (/readyz), runs their
// doctor checks (serve's start-up), and stops them in reverse. A doctor check needs nothing
// started, so `chatwarden doctor` runs the same checks without building the components
// (app/doctor/checks.ts).

/** What /readyz says of one component. */
export interface Readiness {
  ready: boolean;
  /** "ok", or what is wrong in words: "reconnecting since 12:03 UTC (4 tries)". */
  detail: string;
}

/** One line of `chatwarden doctor`: a check, its result, and what to do when it fails. */
export interface DoctorCheck {
  /** What was checked: "chat API token", "Discord report channel". */
  name: string;
  /**
   * "pass" or "fail"; "warn" when it works, but less well than it could (an optional Slack
   * scope not granted): not a failure, said with its fix; "skip" when an earlier failure makes
   * the check meaningless.
   */
  result: "pass" | "warn" | "fail" | "skip";
  /** What was found: "3 channel groups", "401 Unauthorized". Never a secret. */
  detail: string;
  /** What to do about a failure or a warning: "set CHAT_API_TOKEN to the master token". */
  fix?: string;
}

/** How long doctor checks that talk to a server may take. */
export interface CheckBudget {
  /** Aborts when the whole run is out of time: every request still waiting gives up. */
  signal: AbortSignal;
  /** Each request's own limit. */
  requestTimeoutMs: number;
}

/** What a component did with the work it had when it was asked to stop. */
export interface StopSummary {
  /** Work finished while stopping: "2 commands", "5 deliveries". Empty when there was none. */
  finished: string[];
  /** Work left for the next start (or lost, if the component says so). */
  left: string[];
}

export const NOTHING_IN_FLIGHT: StopSummary = { finished: [], left: [] };

export interface Component {
  /** As /readyz and the logs name it: "store", "chat-api", "discord", "drainer:slack:report". */
  readonly name: string;
  /** Resolves once the component serves. A component that waits out an outage resolves early. */
  start(): Promise<void>;
  /**
   * Stops taking new work at once (Slack answers 503, the poller schedules no more polls). The
   * lifecycle calls it on every component as soon as a stop begins, before any stop().
   */
  quiesce?(): void;
  /**
   * Stops taking new work, then finishes what is in flight until `deadline` (epoch ms), and
   * releases what it holds. Never throws: what could not be finished is in `left`.
   */
  stop(deadline: number): Promise<StopSummary>;
  readiness(): Readiness;
  /**
   * Checks of what this component depends on outside the process (a folder, a token, a
   * channel's permissions), within `budget`; components with nothing to check have none.
   */
  doctor?(budget: CheckBudget): Promise<DoctorCheck[]>;
}
