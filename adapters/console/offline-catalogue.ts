// The catalogue exactly as createCore builds it, but without a core: the one-shot CLI parses
// and checks a command before it opens the store or touches the network, and `chatwarden help`
// needs neither.
import {
  type Catalogue,
  type Config,
  createCatalogue,
  moderationSettingsOf,
} from "../../src/index.js";

export function offlineCatalogue(config: Readonly<Config>): Catalogue {
  return createCatalogue(moderationSettingsOf(config));
}
