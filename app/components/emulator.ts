// The demo's built-in chat/v1 emulator as a component: started before the core talks to it,
// stopped after everything that uses it.

import type { RunningEmulator } from "../../emulator/server.js";
import { type Component, NOTHING_IN_FLIGHT } from "../../src/runtime/component.js";
import { startDemoEmulator } from "../demo.js";

export class EmulatorComponent implements Component {
  readonly name = "emulator";
  private running: RunningEmulator | undefined;

  constructor(private readonly timeZone: string) {}

  async start(): Promise<void> {
    this.running = await startDemoEmulator(this.timeZone);
  }

  get emulator(): RunningEmulator {
    if (!this.running) throw new Error("the emulator has not started");
    return this.running;
  }

  readiness() {
    return this.running
      ? { ready: true, detail: `demo data at ${this.running.baseUrl}` }
      : { ready: false, detail: "not started" };
  }

  async stop(): Promise<typeof NOTHING_IN_FLIGHT> {
    await this.running?.close();
    return NOTHING_IN_FLIGHT;
  }
}
