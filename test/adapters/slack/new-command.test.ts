// A command added to the catalogue works on Slack with no change under adapters/slack: its slash
// command, the umbrella, its usage, its form and its answers all come from its declaration.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  gamerIdArgument,
  positiveIntegerArgument,
  reasonArgument,
} from "../../../src/catalogue/arguments.js";
import { defineCommand } from "../../../src/catalogue/command.js";
import { createCatalogue } from "../../../src/command-list.js";
import { buttonsOf, type SlackHarness, startSlackHarness, textsOf, users } from "./harness.js";

const muteCommand = defineCommand({
  name: "mute",
  summary: "Mute a player for some minutes",
  args: {
    gamer_id: gamerIdArgument("the player to mute"),
    minutes: positiveIntegerArgument("minutes", "how long, in minutes", "15", 600),
    reason: reasonArgument(),
  },
  role: "moderator",
  mutates: true,
  target: ({ gamer_id }) => gamer_id,
  async handle({ gamer_id, minutes, reason }) {
    return {
      outcome: "success",
      title: `Muted ${gamer_id} for ${minutes} minutes`,
      fields: reason ? [{ label: "Reason", value: reason }] : [],
      visibility: "public",
    };
  },
});

let s: SlackHarness;
beforeAll(async () => {
  s = await startSlackHarness({ mode: "http", extraCommands: [muteCommand] });
  // Its player argument is read as every command's: these players have been seen by the bot.
  await s.core.see("m-1", "m-2", "m-3", "m-4");
});
afterAll(() => s.close());

describe("a command the adapter has never heard of", () => {
  it("gets its own slash command", async () => {
    expect(s.adapter.slashCommands).toContain("mute");
    const answer = await s.answer(
      await s.driver.slash(users.moderator, "/mute", "m-1 15 caps lock"),
    );
    expect(answer.body.response_type).toBe("in_channel");
    expect(textsOf(answer.body).join("\n")).toContain("Muted m-1 for 15 minutes");
    expect((await s.core.core.cases.forTarget("m-1"))[0]).toMatchObject({
      command: "mute",
      reason: "caps lock",
      platform: "slack",
    });
  });

  it("works after the umbrella, with its usage and its role", async () => {
    const umbrella = await s.answer(
      await s.driver.slash(users.moderator, "/chatwarden", "mute m-2 5"),
    );
    expect(textsOf(umbrella.body).join("\n")).toContain("Muted m-2 for 5 minutes");
    const usage = await s.answer(await s.driver.slash(users.moderator, "/mute", "help"));
    expect(textsOf(usage.body).join("\n")).toContain(
      "/mute &lt;gamer_id&gt; &lt;minutes&gt; [--reason R]",
    );
    const denied = await s.answer(await s.driver.slash(users.player, "/mute", "m-3 5"));
    expect(textsOf(denied.body).join("\n")).toContain("mute needs the moderator role");
  });

  it("gets a form with one input per argument", async () => {
    const usage = await s.answer(await s.driver.slash(users.moderator, "/mute", ""));
    const button = buttonsOf(usage.body).get("Mute…");
    const clicked = await s.driver.click(users.moderator, button?.actionId ?? "", {
      value: button?.value,
    });
    const opened = await s.fake.api.waitForCall("views.open");
    const view = opened.args.view as {
      callback_id: string;
      private_metadata: string;
      blocks: Array<{ block_id?: string }>;
    };
    expect(view.blocks.map((block) => block.block_id).filter(Boolean)).toEqual([
      "gamer_id",
      "minutes",
      "reason",
    ]);
    await s.driver.submit(users.moderator, view, { gamer_id: "m-4", minutes: "30" });
    const answer = await s.fake.responses.answer(clicked.responseUrl);
    expect(textsOf(answer.body).join("\n")).toContain("Muted m-4 for 30 minutes");
  });
});

describe("the adapter's source", () => {
  it("names no command of the catalogue in its code", () => {
    const catalogue = createCatalogue({
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
      chatTimeZone: "UTC",
    });
    // "help" is also the word that asks any slash command for its usage, so it may appear.
    const names = catalogue.topLevelNames().filter((name) => name !== "help");
    const folder = new URL("../../../adapters/slack/", import.meta.url);
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      // Comments may use a command as an example; code may not depend on one.
      const source = readFileSync(new URL(file, folder), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\/\/.*$/gm, "");
      for (const name of names) {
        expect(source, `${file} names ${name}`).not.toMatch(new RegExp(`["'\`/]${name}\\b`));
      }
    }
  });
});
