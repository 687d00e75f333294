// The part of the configuration the catalogue is built with, apart from the core: the one-shot
// CLI and `chatwarden help` build the catalogue before (or without) opening anything.
import type { Config } from "../config.js";
import type { ModerationSettings } from "./command.js";

/** The part of the configuration the catalogue is built with. */
export function moderationSettingsOf(
  config: Pick<Config, "maxBanDays" | "confirmBanDaysOver" | "requireReason" | "chatTimeZone">,
): ModerationSettings {
  return {
    maxBanDays: config.maxBanDays,
    confirmBanDaysOver: config.confirmBanDaysOver,
    requireReason: config.requireReason,
    chatTimeZone: config.chatTimeZone,
  };
}
