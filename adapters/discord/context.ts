// What every interaction handler needs, built once by the client and passed down.

import type {
  CommandRunner,
  CompletionProvider,
  InFlight,
  Logger,
  Presentation,
} from "../../src/index.js";
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
  /** The team's language and zone: an answer takes its asker's language when Discord says it. */
  presentation: Presentation;
}
