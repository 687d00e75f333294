// Form custom ids and fields, derived from a command's declarations.
import { TextInputStyle } from "discord.js";
import { describe, expect, it } from "vitest";
import { formCustomId, parseFormCustomId } from "../../../adapters/discord/form-id.js";
import { formFields } from "../../../adapters/discord/forms.js";
import { createCatalogue } from "../../../src/commands/catalogue.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const find = (name: string) => {
  const command = catalogue.find((candidate) => candidate.name === name);
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
    const words = formFields(find("badwords add"), { language: "en-us" });
    expect(words[0]?.component).toMatchObject({
      custom_id: "words",
      style: TextInputStyle.Paragraph,
    });
  });
});
