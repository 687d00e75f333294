// Form fields, derived from a command's declarations; a form with a prefilled field, shown by the
// real discord.js client to the fake Discord and submitted edited; a report card's "Ban…" button,
// as the feed posts it and as cards posted before the core made form ids carry it. The ids
// themselves are tested in test/view/form-action.test.ts.
import { ComponentType, TextInputStyle } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields } from "../../../adapters/discord/forms.js";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import { createCatalogue } from "../../../src/command-list.js";
import { formActionId } from "../../../src/view/form-action.js";
import { shownModalSchema } from "../../fakes/discord/interactions.js";
import { buttonId, callbackOf, embedOf, textOf } from "./answers.js";
import {
  admin,
  type DiscordHarness,
  moderator,
  REPORT_CHANNEL,
  startDiscordHarness,
} from "./harness.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const find = (name: string) => {
  const command = catalogue.find(name);
  if (!command) throw new Error(name);
  return command;
};

describe("form fields", () => {
  it("ask for what is not preset, required first, reasons and word lists as paragraphs", () => {
    const fields = formFields(find("ban"), { gamer_id: "gamer-42" });
    expect(
      fields.map((field) => [field.label, field.component.custom_id, field.component.required]),
    ).toEqual([
      ["days", "days", true],
      ["reason", "reason", false],
    ]);
    expect(fields.map((field) => field.component.style)).toEqual([
      TextInputStyle.Short,
      TextInputStyle.Paragraph,
    ]);
    expect(fields.some((field) => "value" in field.component)).toBe(false);
    const words = formFields(find("badwords add"), { language: "en-us" });
    expect(words[0]?.component).toMatchObject({
      custom_id: "words",
      style: TextInputStyle.Paragraph,
    });
  });

  it("fill in the defaults, cut to what the field allows", () => {
    const fields = formFields(
      find("ban"),
      { gamer_id: "gamer-42" },
      { reason: "report #12", days: "1".repeat(5000) },
    );
    const reason = fields.find((field) => field.component.custom_id === "reason");
    expect(reason?.component.value).toBe("report #12");
    const days = fields.find((field) => field.component.custom_id === "days");
    expect(days?.component.value?.length).toBeLessThanOrEqual(days?.component.max_length ?? 0);
  });
});

describe("a form with a prefilled field, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startDiscordHarness({ audit: false });
  });
  afterAll(() => h?.close());

  it("shows the field filled in, and runs the command with what the moderator left in it", async () => {
    await h.see("gamer-77");
    const customId = formActionId({
      command: "ban",
      args: { gamer_id: "gamer-77" },
      defaults: { reason: "report #12" },
    });
    const pressed = h.discord.button(moderator, customId ?? "");
    const modal = shownModalSchema.parse((await pressed.callback()).body);
    expect(
      modal.data.components.map((field) => [field.component.custom_id, field.component.value]),
    ).toEqual([
      ["days", undefined],
      ["reason", "report #12"],
    ]);

    const submitted = h.discord.modalSubmit(moderator, modal.data.custom_id, {
      days: "3",
      reason: "report #12: gold spam",
    });
    const answer = await submitted.edit();
    expect(embedOf(answer).title).toBe("Banned gamer-77 for 3 days");
    expect(textOf(answer)).toContain("report #12: gold spam");
  });
});

describe("a report card's Ban… button, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startDiscordHarness({ audit: false });
    // The first poll (of an empty chat API) is over, so the next report is new, not backfill.
    await h.feed.pollNow();
  });
  afterAll(() => h?.close());

  /** The form a press on `customId` shows: each field with what it is filled in with. */
  async function formShownFor(customId: string) {
    const modal = shownModalSchema.parse(
      (await h.discord.button(moderator, customId).callback()).body,
    );
    return {
      title: modal.data.title,
      fields: modal.data.components.map((f) => [f.component.custom_id, f.component.value]),
    };
  }

  it("opens the ban form for the reported player with the report as the reason", async () => {
    const report = h.emulator.state.injectReport({ to_gamer_id: "card-target" });
    await h.feed.pollNow();
    const post = await h.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes("card-target"),
    );
    const buttons = buttonsIn(post.body as DiscordMessage);
    const ban = buttons.find((button) => button.label === "Ban…");
    expect(ban?.custom_id).toBe(
      `cwform:ban?gamer_id=card-target&~reason=report+%23${report.report_id}`,
    );
    expect(await formShownFor(ban?.custom_id ?? "")).toEqual({
      title: "ban card-target",
      fields: [
        ["days", undefined],
        ["reason", `report #${report.report_id}`],
      ],
    });
  });

  /** The buttons of the card the feed posts for a new report against `target`. */
  async function cardButtonsFor(target: string) {
    await h.feed.pollNow();
    const post = await h.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes(target),
    );
    return buttonsIn(post.body as DiscordMessage);
  }

  it("Filter… opens a form with the report's message and all; the answer asks which words are new", async () => {
    h.emulator.state.putBadWords("all", ["scam"], "replace");
    const message = `buy gold, "cheap" at gold.example @everyone`;
    const report = h.emulator.state.injectReport({ to_gamer_id: "filter-target", message });
    const filter = (await cardButtonsFor("filter-target")).find((b) => b.label === "Filter…");
    expect(filter?.custom_id).toBe(`cwform:filter?report_id=${report.report_id}&~language=all`);

    // A moderator is refused before any form: filters are for admins.
    const refused = h.discord.button(moderator, filter?.custom_id ?? "");
    expect(callbackOf(await refused.callback())).toEqual({ type: 5, ephemeral: true });
    expect(embedOf(await refused.edit()).title).toBe("Not allowed");

    const modal = shownModalSchema.parse(
      (await h.discord.button(admin, filter?.custom_id ?? "").callback()).body,
    );
    expect(modal.data.title).toBe(`filter ${report.report_id}`);
    expect(
      modal.data.components.map((field) => [field.component.custom_id, field.component.value]),
    ).toEqual([
      ["language", "all"],
      ["words", String.raw`"buy gold, \"cheap\" at gold.example @everyone"`],
    ]);

    // The admin keeps what offends; the answer asks, naming what the list holds already.
    const submitted = h.discord.modalSubmit(admin, modal.data.custom_id, {
      language: "all",
      words: "buy gold, SCAM",
    });
    const question = await submitted.edit();
    expect(embedOf(question).title).toBe("Please confirm");
    expect(embedOf(question).description).toContain(
      `Add 1 word from report #${report.report_id} to the all filter (buy gold)?`,
    );
    expect(embedOf(question).description).toContain("SCAM is in the filter already.");
    const pressed = h.discord.button(admin, buttonId(question, "Confirm"), submitted.original());
    const result = await pressed.followUp();
    expect(embedOf(result).title).toBe("Added 1 word to the all filter");
    expect(h.emulator.state.listBadWords()[0]?.filters).toEqual(["scam", "buy gold"]);
  });

  it("Filter… of a long message suggests its first 500 characters, within the field's limit", async () => {
    const long = "가".repeat(5_000);
    h.emulator.state.injectReport({ to_gamer_id: "filter-long", message: long });
    const filter = (await cardButtonsFor("filter-long")).find((b) => b.label === "Filter…");
    // The fake holds the modal to Discord's published limits (a value of at most 4,000).
    const modal = shownModalSchema.parse(
      (await h.discord.button(admin, filter?.custom_id ?? "").callback()).body,
    );
    const words = modal.data.components.find((field) => field.component.custom_id === "words");
    expect(words?.component.value).toBe("가".repeat(500));
  });

  it("still opens the form from a card posted before the core made form ids", async () => {
    // What the Discord adapter rendered before: the player, no prefilled reason.
    expect(await formShownFor("cwform:ban?gamer_id=old-card")).toEqual({
      title: "ban old-card",
      fields: [
        ["days", undefined],
        ["reason", undefined],
      ],
    });
  });
});

/** A message's buttons, not its select menus. */
function buttonsIn(message: DiscordMessage) {
  return message.components.flatMap((row) =>
    row.components.flatMap((component) =>
      component.type === ComponentType.Button ? [component] : [],
    ),
  );
}
