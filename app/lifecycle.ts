// Starts the bot's components in order and stops them in reverse, within one grace period:
// every component first stops taking new work (quiesce), then each finishes what it has in flight
// and lets go. A component that joins later (an adapter's drainers once it is up) is stopped
// like the others. One line at the end says what was finished and what was left.
import type { Logger } from "../src/log.js";
import type { Component, Readiness, StopSummary } from "../src/runtime/component.js";
import type { DoctorArea } from "./doctor/checks.js";

/** How long a stop may take: commands and deliveries in flight get this long to finish. */
export const STOP_GRACE_MS = 10_000;

export class Lifecycle {
  private readonly components: Component[] = [];
  private readonly started = new Set<Component>();
  private stopping: Promise<StopSummary> | undefined;

  constructor(
    private readonly logger: Logger,
    /** Whether the stop logs its one summary line; a lifecycle inside a component does not. */
    private readonly announce = true,
  ) {}

  /** Adds and starts a component; after a stop has begun it is refused (and not started). */
  async add(component: Component): Promise<void> {
    if (this.stopping) return;
    this.components.push(component);
    await component.start();
    this.started.add(component);
    // A stop that began while this one was starting has passed it by: stop it now.
    if (this.stopping) await component.stop(Date.now() + STOP_GRACE_MS);
  }

  /** Stops the component named `name`, if there is one, and forgets it. */
  async remove(name: string, graceMs: number = STOP_GRACE_MS): Promise<void> {
    const component = this.components.find((part) => part.name === name);
    if (!component) return;
    this.components.splice(this.components.indexOf(component), 1);
    if (!this.started.delete(component)) return;
    component.quiesce?.();
    try {
      await component.stop(Date.now() + graceMs);
    } catch (error) {
      this.logger.error({ err: error, component: name }, "a component failed to stop");
    }
  }

  /** Each component's readiness, by name, in start order. */
  readiness(): Record<string, Readiness> {
    return Object.fromEntries(this.components.map((part) => [part.name, part.readiness()]));
  }

  /** Every component's doctor check, in start order: serve runs them at start-up. */
  doctorAreas(): DoctorArea[] {
    return this.components.flatMap((component) => {
      const { doctor } = component;
      return doctor
        ? [{ name: component.name, doctor: (budget) => doctor.call(component, budget) }]
        : [];
    });
  }

  isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /**
   * Stops everything once; later calls wait for the same stop. `announce: false` leaves out the
   * summary line: a start that failed had nothing to finish, and its failure is the last word.
   */
  stop(
    graceMs: number = STOP_GRACE_MS,
    options: { announce?: boolean } = {},
  ): Promise<StopSummary> {
    this.stopping ??= this.stopAll(Date.now() + graceMs, options.announce ?? this.announce);
    return this.stopping;
  }

  private async stopAll(deadline: number, announce: boolean): Promise<StopSummary> {
    for (const component of this.components) component.quiesce?.();
    const total: StopSummary = { finished: [], left: [] };
    for (const component of [...this.components].reverse()) {
      if (!this.started.has(component)) continue;
      try {
        const summary = await component.stop(deadline);
        total.finished.push(...summary.finished.map((what) => `${component.name}: ${what}`));
        total.left.push(...summary.left.map((what) => `${component.name}: ${what}`));
      } catch (error) {
        // stop() is not meant to throw; if one does, the rest must still stop.
        this.logger.error({ err: error, component: component.name }, "a component failed to stop");
        total.left.push(`${component.name}: did not stop cleanly`);
      }
    }
    if (announce) {
      this.logger.info(
        { finished: total.finished, left: total.left },
        `stopped: finished ${describe(total.finished)}; left ${describe(total.left)}`,
      );
    }
    return total;
  }
}

function describe(items: readonly string[]): string {
  return items.length === 0 ? "nothing" : items.join(", ");
}

/** Resolves at `deadline` (epoch ms) at the latest: for waits that must not outlast a stop. */
export function untilDeadline<T>(work: Promise<T>, deadline: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
