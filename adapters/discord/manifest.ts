// `chatwarden manifest discord`: the slash command definitions exactly as registration sends
// them (the body of the bulk overwrite in registration.ts), as JSON, for review or for
// registering by other means.
import type { Catalogue } from "../../src/index.js";
import { commandDefinitions } from "./definitions.js";

export function discordManifest(catalogue: Catalogue): string {
  return `${JSON.stringify(commandDefinitions(catalogue), null, 2)}\n`;
}
