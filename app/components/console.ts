// The console (the REPL on this process's terminal) as a component. When the operator leaves,
// `left` resolves and the app stops; when the app stops first, the command being run finishes
// and the console closes.

import { type ConsoleOutput, runRepl } from "../../adapters/console/repl.js";
import type { Core } from "../../src/core.js";
import { type Presentation, presenting } from "../../src/i18n/presentation.js";
import {
  type Component,
  NOTHING_IN_FLIGHT,
  type StopSummary,
} from "../../src/runtime/component.js";
import type { View } from "../../src/view/view.js";
import { cardAnnouncements } from "../demo.js";
import { untilDeadline } from "../lifecycle.js";

export class ConsoleComponent implements Component {
  readonly name = "console";
  private readonly closing = new AbortController();
  private running: Promise<void> | undefined;
  private leftResolve: (() => void) | undefined;
  /** Resolves when the operator leaves the console (exit, Ctrl-D), or it closes. */
  readonly left = new Promise<void>((resolve) => {
    this.leftResolve = resolve;
  });

  /** Cards announced before the console opened (the first poll's), shown when it opens. */
  private readonly early: View[] = [];
  private show: ((view: View) => void) | undefined;
  private readonly unsubscribe: () => void;

  /** Listens for the feed's cards from now on, so none is missed before start(). */
  constructor(
    private readonly core: Core,
    private readonly input: NodeJS.ReadableStream,
    private readonly output: ConsoleOutput,
    /** The terminal's language and the team's zone (terminal-presentation.ts). */
    private readonly presentation: Presentation,
  ) {
    this.unsubscribe = cardAnnouncements(
      core,
      presentation,
    )((view) => {
      if (this.show) this.show(view);
      else this.early.push(view);
    });
  }

  async start(): Promise<void> {
    this.running = presenting(this.presentation, () =>
      runRepl({
        runner: this.core.runner,
        completions: this.core.completions,
        input: this.input,
        output: this.output,
        signal: this.closing.signal,
        announcements: (show) => {
          // After the console's welcome and first prompt, as cards arriving later would be.
          queueMicrotask(() => {
            this.show = show;
            for (const view of this.early.splice(0)) show(view);
          });
          return () => {
            this.show = undefined;
          };
        },
      }),
    ).finally(() => {
      this.unsubscribe();
      this.leftResolve?.();
    });
  }

  readiness() {
    return { ready: true, detail: this.closing.signal.aborted ? "closing" : "open" };
  }

  async stop(deadline: number): Promise<StopSummary> {
    this.closing.abort();
    const outcome = await untilDeadline(this.running ?? Promise.resolve(), deadline);
    return outcome === "timeout"
      ? { finished: [], left: ["a console command still running"] }
      : NOTHING_IN_FLIGHT;
  }
}
