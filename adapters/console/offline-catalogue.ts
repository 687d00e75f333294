// The catalogue exactly as createCore builds it, but without a core: the one-shot CLI parses
// and checks a command before it opens the store or touches the network, and `chatwarden help`
// needs neither.
import type { Catalogue } from "../../src/catalogue/catalogue.js";
import { moderationSettingsOf } from "../../src/catalogue/moderation-settings.js";
import { createCatalogue } from "../../src/command-list.js";
import type { Config } from "../../src/config.js";

export function offlineCatalogue(config: Readonly<Config>): Catalogue {
  return createCatalogue(moderationSettingsOf(config));
}
