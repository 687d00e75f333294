// Forms derived from command declarations: the modal's inputs, the usage answer's button that
// opens it, and the checks on a submission, all without any command-specific code. The form ids
// themselves are the core's (test/view/form-action.test.ts).
import { describe, expect, it } from "vitest";
import {
  FORM_CALLBACK_ID,
  formButton,
  formModal,
  parseFormMetadata,
  readFormSubmission,
} from "../../../adapters/slack/form.js";
import { createCatalogue } from "../../../src/command-list.js";
import { readFormAction } from "../../../src/view/form-action.js";

const catalogue = createCatalogue({
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
});
const command = (name: string) => {
  const found = catalogue.find(name);
  if (!found) throw new Error(name);
  return found;
};
const metadata = {
  command: "ban",
  args: { gamer_id: "<@U123>" },
  responseUrl: "https://hooks.slack.test/actions/1",
};

describe("form buttons", () => {
  it("in a usage answer carry the core's form id for the bare command, as action_id and value", () => {
    const button = formButton("channels create");
    expect(button).toMatchObject({
      action_id: "cwform:channels%20create",
      value: "cwform:channels%20create",
      text: { text: "Channels create…" },
    });
    expect(readFormAction(button?.action_id ?? "")).toEqual({
      command: "channels create",
      args: {},
    });
  });

  it("are left out when a name in another script would not fit in an id", () => {
    // Each of these letters is 9 characters percent-encoded: far past Discord's 100.
    expect(formButton("禁止".repeat(16))).toBeUndefined();
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

  it("prefills each input that has a suggestion, raw and within the input's limit", () => {
    const modal = formModal(command("ban"), {
      ...metadata,
      defaults: { reason: "report #12 <@U1> & co", days: "", gamer_id: "ignored: already given" },
    });
    const inputs = modal?.blocks.filter((block) => block.type === "input");
    expect(inputs).toMatchObject([
      {
        block_id: "days",
        element: expect.not.objectContaining({ initial_value: expect.anything() }),
      },
      // The field holds text, not markup: escaping it would show &amp; to the moderator.
      { block_id: "reason", element: { initial_value: "report #12 <@U1> & co" } },
    ]);
    // The suggestions travel in the inputs; the submission does not need them again.
    expect(parseFormMetadata(modal?.private_metadata)).toEqual(metadata);

    // Cut to the input's max_length (500 for a reason), never through a surrogate pair.
    const long = formModal(command("ban"), { ...metadata, defaults: { reason: "😀".repeat(400) } });
    const reason = long?.blocks.find(
      (block) => block.type === "input" && block.block_id === "reason",
    );
    expect(reason).toMatchObject({ element: { initial_value: "😀".repeat(250) } });
  });

  it("submits what the moderator left in a prefilled input", () => {
    const prefilled = { ...metadata, defaults: { reason: "report #12" } };
    const values = { days: { value: { value: "7d" } }, reason: { value: { value: "report #12" } } };
    expect(readFormSubmission(command("ban"), prefilled, values)).toEqual({
      ok: true,
      args: { gamer_id: "<@U123>", days: "7d", reason: "report #12" },
    });
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
      errors: {
        days: "days must be a whole number of days from 1 to 3650, written 3, 3d, 3 days, 2w or 2 weeks",
      },
    });
    expect(readFormSubmission(command("ban"), metadata, {})).toMatchObject({
      ok: false,
      errors: { days: expect.stringContaining("days is required") },
    });
  });
});
