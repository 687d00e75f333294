// Slash command text: the catalogue's own parser, plus what Slack adds (which slash command, the
// umbrella, escaped text) and the cases that answer with the usage.
import { describe, expect, it } from "vitest";
import {
  decodeSlackText,
  planSlashCommand,
  slashCommandNames,
} from "../../../adapters/slack/parse.js";
import { usageView } from "../../../adapters/slack/usage.js";
import { createCatalogue } from "../../../src/command-list.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});

describe("slash command names", () => {
  it("are the catalogue's top-level names and the umbrella", () => {
    expect(slashCommandNames(catalogue)).toEqual([
      "announce",
      "badwords",
      "ban",
      "bans",
      "channels",
      "dismiss",
      "filter",
      "help",
      "history",
      "report",
      "reports",
      "stats",
      "take",
      "unban",
      "chatwarden",
    ]);
  });
});

describe("planSlashCommand", () => {
  it("reads arguments, --reason, and the rest of the text as typed as the reason", () => {
    expect(planSlashCommand("ban", 'gamer-1 7d --reason "gold selling"', catalogue)).toEqual({
      kind: "run",
      command: "ban",
      args: { gamer_id: "gamer-1", days: "7d", reason: "gold selling" },
    });
    expect(planSlashCommand("ban", `gamer-1 7d "gold" selling, don't`, catalogue)).toMatchObject({
      args: { reason: `"gold" selling, don't` },
    });
    expect(planSlashCommand("ban", "gamer-1 3 spam in chat", catalogue)).toMatchObject({
      args: { reason: "spam in chat" },
    });
    expect(planSlashCommand("unban", "gamer-1 --reason appeal", catalogue)).toMatchObject({
      command: "unban",
      args: { gamer_id: "gamer-1", reason: "appeal" },
    });
  });

  it("reads Slack's smart quotes and its escaped &, < and >", () => {
    expect(planSlashCommand("badwords", "add en-us “gold &amp; seller”", catalogue)).toMatchObject({
      args: { words: ["gold & seller"] },
    });
    expect(planSlashCommand("ban", "g 3 “spam &amp; &lt;scam&gt;”", catalogue)).toMatchObject({
      args: { reason: "“spam & <scam>”" },
    });
    expect(decodeSlackText("&amp;lt;")).toBe("&lt;");
  });

  it("takes the subcommand word of channels and badwords", () => {
    expect(planSlashCommand("channels", "create lobby main 50", catalogue)).toEqual({
      kind: "run",
      command: "channels create",
      args: { group: "lobby", name: "main", max_count: "50" },
    });
    expect(planSlashCommand("badwords", 'add en-us "gold seller" scam', catalogue)).toEqual({
      kind: "run",
      command: "badwords add",
      args: { language: "en-us", words: ["gold seller", "scam"] },
    });
  });

  it("takes the command as the first word after the umbrella", () => {
    expect(planSlashCommand("chatwarden", "channels list lobby", catalogue)).toEqual({
      kind: "run",
      command: "channels list",
      args: { group: "lobby" },
    });
    expect(planSlashCommand("chatwarden", "help ban", catalogue)).toMatchObject({
      command: "help",
      args: { command: "ban" },
    });
  });

  it("runs a bare command that needs no argument", () => {
    expect(planSlashCommand("bans", "", catalogue)).toEqual({
      kind: "run",
      command: "bans",
      args: {},
    });
  });

  it("answers help, a bare command that needs arguments and a malformed call with the usage", () => {
    expect(planSlashCommand("ban", "help", catalogue)).toEqual({ kind: "usage", group: "ban" });
    expect(planSlashCommand("ban", "", catalogue)).toEqual({ kind: "usage", group: "ban" });
    expect(planSlashCommand("chatwarden", "", catalogue)).toEqual({
      kind: "usage",
      group: undefined,
    });
    expect(planSlashCommand("channels", "", catalogue)).toEqual({
      kind: "usage",
      group: "channels",
      problem: "channels needs a subcommand: create, delete, list.",
    });
    expect(planSlashCommand("ban", "gamer-1 3 --colour red", catalogue)).toMatchObject({
      kind: "usage",
      group: "ban",
      problem: expect.stringContaining("ban has no option --colour"),
    });
    expect(planSlashCommand("chatwarden", "frobnicate", catalogue)).toMatchObject({
      kind: "usage",
      group: undefined,
      problem: expect.stringContaining('Unknown command "frobnicate"'),
    });
  });
});

describe("usageView", () => {
  it("derives the usage of a group from the catalogue, with the slash that was typed", () => {
    const view = usageView(catalogue, { slash: "channels", group: "channels" });
    expect(view.title).toBe("How to use /channels");
    expect(view.fields?.map((field) => field.label)).toEqual([
      "/channels create <group> <name> <max_count> [default]",
      "/channels delete <group> <name>",
      "/channels list [group]",
    ]);
    const umbrella = usageView(catalogue, { slash: "chatwarden", group: "ban", problem: "oops" });
    expect(umbrella).toMatchObject({
      outcome: "error",
      description: "oops",
      visibility: "private",
    });
    expect(umbrella.fields?.[0]?.label).toBe("/chatwarden ban <gamer_id> <days> [--reason R]");
    expect(String(umbrella.fields?.[0]?.value)).toContain("days: ban length in days");
  });
});
