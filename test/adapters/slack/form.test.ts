// Forms derived from command declarations: the modal's inputs, the button that opens it, and
// the checks on a submission, all without any command-specific code.
import { describe, expect, it } from "vitest";
import {
  FORM_CALLBACK_ID,
  formButton,
  formModal,
  parseFormButtonValue,
  parseFormMetadata,
  readFormSubmission,
} from "../../../adapters/slack/form.js";
import { createCatalogue } from "../../../src/commands/catalogue.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const command = (name: string) => {
  const found = catalogue.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};
const metadata = {
  command: "ban",
  args: { gamer_id: "<@U123>" },
  responseUrl: "https://hooks.slack.test/actions/1",
};

describe("form buttons", () => {
  it("carry the command and the preset arguments, and read back", () => {
    const button = formButton("ban", { gamer_id: "gamer-42" });
    expect(button).toMatchObject({
      action_id: "cwform:ban:gamer-42",
      text: { text: "Ban…" },
    });
    expect(parseFormButtonValue(button.value)).toEqual({
      command: "ban",
      args: { gamer_id: "gamer-42" },
    });
    expect(parseFormButtonValue("not json")).toBeUndefined();
    expect(parseFormButtonValue('{"command":1}')).toBeUndefined();
  });
});

describe("the modal", () => {
  it("asks for every argument not given, with the declaration's hints and limits", () => {
    const modal = formModal(command("ban"), metadata);
    expect(modal).toMatchObject({
      type: "modal",
      callback_id: FORM_CALLBACK_ID,
      title: { text: "Ban" },
      submit: { text: "Run" },
    });
    expect(parseFormMetadata(modal?.private_metadata)).toEqual(metadata);
    const inputs = modal?.blocks.filter((block) => block.type === "input");
    expect(inputs).toMatchObject([
      {
        block_id: "days",
        optional: false,
        element: { type: "plain_text_input", placeholder: { text: "e.g. 7d" } },
      },
      {
        block_id: "reason",
        optional: true,
        element: { multiline: true, max_length: 500 },
      },
    ]);
    // The preset player is shown, escaped.
    expect(JSON.stringify(modal?.blocks[0])).toContain("&lt;@U123&gt;");
    expect(JSON.stringify(modal?.blocks[0])).not.toContain("<@U123>");
  });

  it("is refused when what it must carry is too long for Slack", () => {
    expect(
      formModal(command("ban"), { ...metadata, args: { gamer_id: "x".repeat(3000) } }),
    ).toBeUndefined();
  });
});

describe("a submission", () => {
  const values = (fields: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        { value: { type: "plain_text_input", value } },
      ]),
    );

  it("gives the raw arguments, presets included, leaving out empty optional ones", () => {
    expect(
      readFormSubmission(command("ban"), metadata, values({ days: "2w", reason: "" })),
    ).toEqual({
      ok: true,
      args: { gamer_id: "<@U123>", days: "2w" },
    });
  });

  it("names each problem under its field, with the declaration's own words", () => {
    const outcome = readFormSubmission(command("ban"), metadata, values({ days: "forever" }));
    expect(outcome).toEqual({
      ok: false,
      errors: { days: "days must be a whole number of days from 1 to 3650, written 3, 3d or 2w" },
    });
    expect(readFormSubmission(command("ban"), metadata, {})).toMatchObject({
      ok: false,
      errors: { days: expect.stringContaining("days is required") },
    });
  });
});
