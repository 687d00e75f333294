// The catalogue: every command the bot has, in the order help lists them. Adding a command is a
// new file in this folder and one line here; no adapter changes.
import { badwordsAddCommand } from "./badwords-add.js";
import { badwordsListCommand } from "./badwords-list.js";
import { badwordsRemoveCommand } from "./badwords-remove.js";
import { banCommand } from "./ban.js";
import { bansCommand } from "./bans.js";
import { channelsCreateCommand } from "./channels-create.js";
import { channelsDeleteCommand } from "./channels-delete.js";
import { channelsListCommand } from "./channels-list.js";
import type { AnyCommand, ModerationSettings } from "./command.js";
import { dismissCommand } from "./dismiss.js";
import { helpCommand } from "./help.js";
import { historyCommand } from "./history.js";
import { reportCommand } from "./report.js";
import { reportsCommand } from "./reports.js";
import { unbanCommand } from "./unban.js";

export function createCatalogue(settings: ModerationSettings): AnyCommand[] {
  return [
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
  ];
}
