// slack-manifest.yml lists exactly the slash commands the adapter serves, with usage hints
// derived from the same declarations, so creating the app from it never misses a command.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { slashCommandNames } from "../../../adapters/slack/parse.js";
import { createCatalogue } from "../../../src/commands/catalogue.js";
import { splitName } from "../../../src/commands/command.js";
import { usageOf } from "../../../src/commands/parse-arguments.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const manifest = readFileSync(new URL("../../../slack-manifest.yml", import.meta.url), "utf8");

/** One entry of features.slash_commands, its values as the YAML spells them. */
type ManifestCommand = Record<string, string | undefined>;

/** Reads features.slash_commands: enough YAML for the list this file keeps, nothing more. */
function slashCommandsOf(yaml: string): ManifestCommand[] {
  const section = /^ {2}slash_commands:\n((?: {4}.*\n)+)/m.exec(yaml)?.[1] ?? "";
  return section
    .split(/^ {4}- /m)
    .filter((item) => item.trim() !== "")
    .map((item) => {
      const fields: ManifestCommand = {};
      for (const line of item.split("\n")) {
        const match = /^\s*(\w+): (.*)$/.exec(line);
        if (match?.[1] && match[2] !== undefined) {
          fields[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
        }
      }
      return fields;
    });
}

/** Reads oauth_config.scopes.bot, skipping the comments between the entries. */
function botScopesOf(yaml: string): string[] {
  const section = /^ {4}bot:\n((?: {6}.*\n)+)/m.exec(yaml)?.[1] ?? "";
  return [...section.matchAll(/^ {6}- (\S+)$/gm)].map((match) => match[1] ?? "");
}

describe("slack-manifest.yml", () => {
  const commands = slashCommandsOf(manifest);

  it("lists the catalogue's top-level names and /chatwarden, no more, no less", () => {
    expect(commands.map((entry) => entry.command)).toEqual(
      slashCommandNames(catalogue).map((name) => `/${name}`),
    );
  });

  it("gives each command a description and the usage derived from the catalogue", () => {
    for (const entry of commands) {
      expect(entry.description, entry.command).toBeTruthy();
      expect(entry.should_escape, entry.command).toBe("false");
      const group = entry.command?.slice(1) ?? "";
      const members = catalogue.filter((command) => splitName(command.name).group === group);
      if (members.length === 0) continue;
      const hint = members.map((command) => usageOf(command).slice(group.length + 1)).join(" | ");
      expect(entry.usage_hint, entry.command).toBe(hint);
    }
  });

  it("enables interactivity and Socket Mode", () => {
    expect(manifest).toMatch(/interactivity:\n\s+is_enabled: true/);
    expect(manifest).toMatch(/socket_mode_enabled: true/);
  });

  it("asks for exactly the bot scopes the adapter and the feed use", () => {
    expect(botScopesOf(manifest)).toEqual([
      // slash commands
      "commands",
      // chat.postMessage and chat.update of the bot's own messages
      "chat:write",
      // conversations.history, to find a post under way at a crash: public and private channels
      "channels:history",
      "groups:history",
    ]);
  });
});
