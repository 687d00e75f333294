// The catalogue: every command the bot has, in the order help lists them. Adding a command is a
// new file in this folder and one line here; no adapter changes. Every declaration is checked
// here (declaration-rules.ts), so a bad one fails at start-up and in tests, on no platform.
import { badwordsAddCommand } from "./badwords-add.js";
import { badwordsListCommand } from "./badwords-list.js";
import { badwordsRemoveCommand } from "./badwords-remove.js";
import { banCommand } from "./ban.js";
import { bansCommand } from "./bans.js";
import { channelsCreateCommand } from "./channels-create.js";
import { channelsDeleteCommand } from "./channels-delete.js";
import { channelsListCommand } from "./channels-list.js";
import type { AnyCommand, ModerationSettings } from "./command.js";
import { checkCatalogue } from "./declaration-rules.js";
import { dismissCommand } from "./dismiss.js";
import { helpCommand } from "./help.js";
import { historyCommand } from "./history.js";
import { reportCommand } from "./report.js";
import { reportsCommand } from "./reports.js";
import { unbanCommand } from "./unban.js";

/**
 * The commands, `extra` ones (tests proving adapters need no change for them) after the built-in
 * ones. Throws a DeclarationError naming each bad declaration and the rule it breaks.
 */
export function createCatalogue(
  settings: ModerationSettings,
  extra: readonly AnyCommand[] = [],
): AnyCommand[] {
  const catalogue = [
    banCommand(settings),
    unbanCommand(settings),
    bansCommand(),
    reportsCommand(settings),
    historyCommand(settings),
    channelsListCommand(settings),
    channelsCreateCommand(settings),
    channelsDeleteCommand(),
    badwordsListCommand(),
    badwordsAddCommand(),
    badwordsRemoveCommand(),
    reportCommand(settings),
    dismissCommand(),
    helpCommand(),
    ...extra,
  ];
  checkCatalogue(catalogue);
  return catalogue;
}
