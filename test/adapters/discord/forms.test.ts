// Form custom ids and fields, derived from a command's declarations; a form with a prefilled
// field, shown by the real discord.js client to the fake Discord and submitted edited.
import { TextInputStyle } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formCustomId, parseFormCustomId } from "../../../adapters/discord/form-id.js";
import { formFields } from "../../../adapters/discord/forms.js";
import { createCatalogue } from "../../../src/command-list.js";
import { shownModalSchema } from "../../fakes/discord/interactions.js";
import { embedOf, textOf } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

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

describe("form custom ids", () => {
  it("round-trip a command with spaces and preset values of any text", () => {
    const request = { command: "channels create", preset: { group: "global & co", name: "ü?=#" } };
    const id = formCustomId(request);
    expect(id?.startsWith("cwform:channels%20create?")).toBe(true);
    expect(parseFormCustomId(id ?? "")).toEqual(request);
  });

  it("carry prefilled fields marked with ~, apart from the preset arguments", () => {
    const request = {
      command: "ban",
      preset: { gamer_id: "gamer-42" },
      defaults: { reason: "report #12 ~ 100%" },
    };
    const id = formCustomId(request);
    expect(id).toBe("cwform:ban?gamer_id=gamer-42&~reason=report+%2312+~+100%25");
    expect(parseFormCustomId(id ?? "")).toEqual(request);
  });

  it("drop the prefills first when the id would not fit, keeping the form", () => {
    const id = formCustomId({
      command: "ban",
      preset: { gamer_id: "gamer-42" },
      defaults: { reason: "r".repeat(90) },
    });
    expect(id).toBe("cwform:ban?gamer_id=gamer-42");
  });

  it("refuse what does not fit Discord's 100 characters, and ignore ids that are not forms", () => {
    expect(formCustomId({ command: "ban", preset: { gamer_id: "é".repeat(64) } })).toBeUndefined();
    expect(parseFormCustomId("cw:abc")).toBeUndefined();
    expect(parseFormCustomId("cwform:%E0%A4%A")).toBeUndefined();
  });
});

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
    const customId = formCustomId({
      command: "ban",
      preset: { gamer_id: "gamer-77" },
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
