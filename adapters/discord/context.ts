// What every interaction handler needs, built once by the client and passed down.

import type { CompletionProvider } from "../../src/catalogue/completions.js";
import type { CommandRunner } from "../../src/catalogue/runner.js";
import type { Logger } from "../../src/log.js";
import type { InFlight } from "../../src/runtime/in-flight.js";
import type { RoleIds } from "./actor.js";
import type { Delivery } from "./delivery.js";

export interface HandlerContext {
  runner: CommandRunner;
  completions: CompletionProvider;
  roles: RoleIds;
  delivery: Delivery;
  logger: Logger;
  /** Interactions under way: a stop waits for them. */
  work: InFlight;
}
