// The built-in commands: one file each in src/commands/, listed here in the order help shows them.
import { type Catalogue, checkedCatalogue } from "./catalogue/catalogue.js";
import type { AnyCommand, ModerationSettings } from "./catalogue/command.js";
import { badwordsAddCommand } from "./commands/badwords-add.js";
import { badwordsListCommand } from "./commands/badwords-list.js";
import { badwordsRemoveCommand } from "./commands/badwords-remove.js";
import { banCommand } from "./commands/ban.js";
import { bansCommand } from "./commands/bans.js";
import { channelsCreateCommand } from "./commands/channels-create.js";
import { channelsDeleteCommand } from "./commands/channels-delete.js";
import { channelsListCommand } from "./commands/channels-list.js";
import { dismissCommand } from "./commands/dismiss.js";
import { helpCommand } from "./commands/help.js";
import { historyCommand } from "./commands/history.js";
import { reportCommand } from "./commands/report.js";
import { reportsCommand } from "./commands/reports.js";
import { unbanCommand } from "./commands/unban.js";

/**
 * The built-in commands, then `extra` ones (tests proving adapters need no change for them),
 * checked. Throws a DeclarationError naming each bad declaration and the rule it breaks.
 */
export function createCatalogue(
  settings: ModerationSettings,
  extra: readonly AnyCommand[] = [],
): Catalogue {
  return checkedCatalogue([
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
  ]);
}
