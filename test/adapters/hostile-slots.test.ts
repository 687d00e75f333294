// The hostile player ids captured against the platforms (issue 20) in every text slot the bot
// renders from them: report cards, autocomplete suggestions, the Ban… form (its title, labels,
// placeholders), command answers. They go through discord.js and bolt to the fakes, which hold
// every request to the platforms' published schemas and documented limits: the fakes refuse
// nothing, and every slot is inert (no control or bidi character, no live mention), measured as
// the platform receives it. The whole hostile corpus, in report cards, is in
// hostile-corpus.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandDefinitions } from "../../adapters/discord/definitions.js";
import { formFields } from "../../adapters/discord/forms.js";
import { formModal } from "../../adapters/slack/form.js";
import { gamerIdArgument, reasonArgument } from "../../src/catalogue/arguments.js";
import { checkedCatalogue } from "../../src/catalogue/catalogue.js";
import { defineCommand } from "../../src/catalogue/command.js";
import { tokenize } from "../../src/catalogue/tokenizer.js";
import { readFormAction } from "../../src/view/form-action.js";
import type { RecordedCall } from "../fakes/discord/server.js";
import {
  admin,
  type DiscordHarness,
  moderator,
  REPORT_CHANNEL,
  startDiscordHarness,
} from "./discord/harness.js";
import { controlIn } from "./inert-checks.js";
import {
  buttonsOf,
  REPORT_CHANNEL as SLACK_REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
  users,
} from "./slack/harness.js";

/** 60 `<` and 8 `@here`: 100 characters, 168 once every `<` and `@here` is broken. */
const LONG_ID = `${"<".repeat(60)}${"@here".repeat(8)}`;
/** A right-to-left override (the rest reads reversed), a line break, a mention, a broadcast. */
const SPOOF_ID = "evil\u202eresu\n<@U0>@everyone";
const CAPTURED = [LONG_ID, SPOOF_ID];

/** One report per captured id, every player text of it the id. */
function injectCaptured(state: DiscordHarness["emulator"]["state"]): void {
  for (const id of CAPTURED) {
    state.injectReport({
      to_gamer_id: id,
      to_gamer_name: id,
      from_gamer_id: id,
      from_gamer_name: id,
      keyword: id,
      reason: id,
      message: id,
    });
  }
}

interface Slot {
  where: string;
  text: string;
  multiLine: boolean;
}

// --- Discord -------------------------------------------------------------------------------

/** Keys whose strings Discord shows; a `value` is shown only as an embed field's. */
const DISCORD_SHOWN = new Set(["title", "description", "label", "placeholder", "content", "text"]);
const DISCORD_MULTI_LINE = new Set(["description", "content", "text", "value"]);

/**
 * Every string of a request body that Discord renders: embed titles, descriptions, fields and
 * footers, button labels, choice names, a modal's title, labels and placeholders. Not ids, and
 * not the values that go back to the bot as typed (a choice's value, a field's prefill).
 */
function discordSlots(node: unknown, where = "", arrayKey = ""): Slot[] {
  if (Array.isArray(node)) {
    return node.flatMap((item, index) => discordSlots(item, `${where}[${index}]`, arrayKey));
  }
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]): Slot[] => {
    const at = `${where}.${key}`;
    if (typeof value !== "string") return discordSlots(value, at, key);
    const shown =
      DISCORD_SHOWN.has(key) || key === "name" || (key === "value" && arrayKey === "fields");
    return shown ? [{ where: at, text: value, multiLine: DISCORD_MULTI_LINE.has(key) }] : [];
  });
}

function expectDiscordInert(call: RecordedCall): void {
  for (const slot of discordSlots(call.body)) {
    const where = `${call.method} ${call.path} ${slot.where} ${JSON.stringify(slot.text)}`;
    expect(controlIn(slot.text, slot.multiLine), where).toBeUndefined();
    // Every `<` is broken by a zero-width space (or ends a cut text), but the adapter's own
    // <t:…:R> timestamps.
    expect(slot.text, where).not.toMatch(/<(?!\u200b|…|t:\d+:R>)/);
    expect(slot.text, where).not.toMatch(/@(everyone|here)/i);
  }
}

describe("the captured hostile ids, through discord.js to the fake Discord", () => {
  let h: DiscordHarness;
  const cards: RecordedCall[] = [];
  beforeAll(async () => {
    h = await startDiscordHarness({ audit: false });
    // The first poll (of an empty chat API) is over, so the captured reports are new.
    await h.feed.pollNow();
    injectCaptured(h.emulator.state);
    await h.feed.pollNow();
    const isCard = (call: RecordedCall) =>
      call.method === "POST" && call.path === `/channels/${REPORT_CHANNEL}/messages`;
    for (const _ of CAPTURED) {
      cards.push(await h.discord.log.waitFor(isCard, { afterSeq: cards.at(-1)?.seq }));
    }
  }, 30_000);
  afterAll(() => h?.close());

  it("posts a report card for each, inert", () => {
    for (const card of cards) {
      expect(card.status).toBe(200);
      expectDiscordInert(card);
    }
  });

  it("suggests both in the autocomplete of /ban and /history, each name inert and within 100 characters", async () => {
    for (const command of ["ban", "history"]) {
      const callback = await h.discord
        .autocomplete(moderator, command, { gamer_id: "" }, "gamer_id")
        .callback();
      expect(callback.status, command).toBe(204);
      const { choices } = (callback.body as { data: { choices: { value: string }[] } }).data;
      // The value goes back as typed; only the name shown is made inert, and cut to fit.
      expect(choices.map((choice) => choice.value)).toEqual(expect.arrayContaining(CAPTURED));
      expectDiscordInert(callback);
    }
  });

  it("opens the Ban… form of the spoofed id's card with an inert title", async () => {
    const ids = cards.flatMap((card) =>
      (card.body as { components: { components: { custom_id?: string }[] }[] }).components
        .flatMap((row) => row.components)
        .flatMap((button) => button.custom_id ?? []),
    );
    const form = ids.find((id) => readFormAction(id)?.args.gamer_id === SPOOF_ID);
    expect(form).toBeDefined();
    const callback = await h.discord.button(moderator, form ?? "").callback();
    expect(callback.status).toBe(204);
    expectDiscordInert(callback);
    const { title } = (callback.body as { data: { title: string } }).data;
    // Still what the player sent, readable: the override and the line break shown, not obeyed.
    expect(title).toContain("evil");
    expect(title).toContain("resu");
  });

  it("opens the Filter… form of each card inert, the message as it was sent in its field", async () => {
    const forms = cards
      .flatMap(
        (card) =>
          (card.body as { components: { components: { custom_id?: string }[] }[] }).components,
      )
      .flatMap((row) => row.components)
      .flatMap((button) => button.custom_id ?? [])
      .filter((id) => readFormAction(id)?.command === "filter");
    expect(forms).toHaveLength(CAPTURED.length);
    const suggested: string[] = [];
    for (const form of forms) {
      const callback = await h.discord.button(admin, form).callback();
      expect(callback.status).toBe(204);
      expectDiscordInert(callback);
      const modal = callback.body as {
        data: { components: { component: { custom_id: string; value?: string } }[] };
      };
      const words = modal.data.components.find((field) => field.component.custom_id === "words");
      suggested.push(words?.component.value ?? "");
    }
    // A field's text goes back as typed: what the player wrote, to be trimmed by the admin.
    expect(suggested.map((text) => tokenize(text))).toEqual(CAPTURED.map((id) => [id]));
  });

  it("lists both in /reports, inert", async () => {
    const answer = await h.discord.slash(moderator, "reports").edit();
    expect(answer.status).toBe(200);
    expectDiscordInert(answer);
  });

  it("and the fake refused nothing the bot sent", () => {
    const refused = h.discord.calls.filter((call) => call.status >= 400);
    expect(
      refused.map((call) => `${call.method} ${call.path}: ${JSON.stringify(call.body)}`),
    ).toEqual([]);
  });
});

// --- Declarations --------------------------------------------------------------------------

/** A command whose own texts (summary, descriptions, example) carry the captured ids. */
const declared = defineCommand({
  name: "warn",
  summary: `Warn ${SPOOF_ID}`,
  args: {
    gamer_id: gamerIdArgument(`who: ${SPOOF_ID}`),
    note: {
      ...reasonArgument(),
      description: `note: ${SPOOF_ID}`,
      example: `${SPOOF_ID} ${LONG_ID}`,
    },
  },
  role: "moderator",
  mutates: true,
  async handle() {
    return { outcome: "success", title: "Warned", visibility: "public" };
  },
});

describe("the slots a command's own declarations fill, on Discord and Slack", () => {
  const asCall = (body: unknown): RecordedCall => ({
    seq: 0,
    method: "PUT",
    path: "(rendered)",
    query: new URLSearchParams(),
    body,
    status: 0,
  });

  it("Discord: command and option descriptions, form labels and placeholders, inert", () => {
    expectDiscordInert(asCall(commandDefinitions(checkedCatalogue([declared]))));
    expectDiscordInert(asCall(formFields(declared, {})));
  });

  it("Slack: the form's title, labels, hints and placeholders, inert", () => {
    const modal = formModal(declared, {
      command: "warn",
      args: { gamer_id: SPOOF_ID },
      responseUrl: "https://hooks.slack.test/actions/1",
    });
    expect(modal).toBeDefined();
    expectSlackInert("form", modal);
  });
});

// --- Slack ---------------------------------------------------------------------------------

/** Slack's date tokens, the bot's own: `<!date^…|fallback>`. */
const DATE_TOKEN = /<!date\^\d+\^[^|>]*\|[^>]*>/g;
/** Where a text object is one line: titles, labels, placeholders, headers, buttons. */
const SLACK_ONE_LINE = new Set(["title", "label", "placeholder", "submit", "close"]);
const SLACK_ONE_LINE_OWNERS = new Set(["header", "button"]);

/** Every text object of a message or view, and the message's fallback text. */
function slackSlots(node: unknown, where = "", key = "", ownerType = ""): Slot[] {
  if (Array.isArray(node)) {
    return node.flatMap((item, index) => slackSlots(item, `${where}[${index}]`, key, ownerType));
  }
  if (!node || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  if (
    (record.type === "plain_text" || record.type === "mrkdwn") &&
    typeof record.text === "string"
  ) {
    const oneLine = SLACK_ONE_LINE.has(key) || SLACK_ONE_LINE_OWNERS.has(ownerType);
    return [{ where, text: record.text, multiLine: !oneLine }];
  }
  const type = typeof record.type === "string" ? record.type : ownerType;
  return Object.entries(record).flatMap(([name, value]): Slot[] =>
    name === "text" && typeof value === "string"
      ? [{ where: `${where}.text`, text: value, multiLine: true }]
      : slackSlots(value, `${where}.${name}`, name, type),
  );
}

function expectSlackInert(what: string, body: unknown): void {
  for (const slot of slackSlots(body)) {
    const where = `${what} ${slot.where} ${JSON.stringify(slot.text)}`;
    expect(controlIn(slot.text, slot.multiLine), where).toBeUndefined();
    // No mention, broadcast or link: every `<` is an entity but the bot's own date tokens.
    expect(slot.text.replace(DATE_TOKEN, ""), where).not.toContain("<");
  }
}

describe("the captured hostile ids, through bolt to the fake Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "socket", reportChannelId: SLACK_REPORT_CHANNEL });
    await s.feed.pollNow();
    injectCaptured(s.core.emulator.state);
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.postMessage", () => true, CAPTURED.length);
  }, 30_000);
  afterAll(() => s?.close());

  it("posts a report card for each, inert", () => {
    const cards = s.fake.api.callsTo("chat.postMessage");
    expect(cards).toHaveLength(CAPTURED.length);
    for (const card of cards) expectSlackInert("chat.postMessage", card.args);
  });

  it("opens the Ban… form of each card that offers one, inert", async () => {
    const forms = s.fake.api
      .callsTo("chat.postMessage")
      .flatMap((card) => buttonsOf(card.args).get("Ban…") ?? []);
    expect(forms.map(({ actionId }) => readFormAction(actionId)?.args.gamer_id)).toContain(
      SPOOF_ID,
    );
    for (const [index, { actionId, value }] of forms.entries()) {
      const clicked = await s.driver.click(users.moderator, actionId, { value, ephemeral: false });
      expect(clicked.status).toBe(200);
      const opened = await s.fake.api.waitForCall("views.open", () => true, index + 1);
      expectSlackInert("views.open", opened.args.view);
    }
  });

  it("opens the Filter… form of each card, inert", async () => {
    const forms = s.fake.api
      .callsTo("chat.postMessage")
      .flatMap((card) => buttonsOf(card.args).get("Filter…") ?? []);
    expect(forms).toHaveLength(CAPTURED.length);
    const before = s.fake.api.callsTo("views.open").length;
    for (const [index, { actionId, value }] of forms.entries()) {
      const clicked = await s.driver.click(users.admin, actionId, { value, ephemeral: false });
      expect(clicked.status).toBe(200);
      const opened = await s.fake.api.waitForCall("views.open", () => true, before + index + 1);
      expectSlackInert("views.open", opened.args.view);
    }
  });

  it("and the fake refused nothing the bot sent", () => {
    const refused = s.fake.api.calls.items.filter((call) => call.status !== 200 || call.error);
    expect(refused.map((call) => `${call.method}: ${call.error ?? call.status}`)).toEqual([]);
    expect(s.fake.responses.refused).toEqual([]);
  });
});
