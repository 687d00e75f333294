// The fake Slack refuses what Slack refuses of Block Kit (its documented limits, blocks.ts):
// a message with `invalid_blocks`, at the Web API and at a response_url; a modal with
// `invalid_arguments` and a message naming each field. What keeps the limits is accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "./server.js";

const CHANNEL = "C0LIMITS";
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack({ postRateLimit: false });
});
afterAll(() => slack?.close());

async function call(method: string, args: Record<string, unknown>) {
  const response = await fetch(`${slack.apiUrl}${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer xoxb-FAKE_fake" },
    body: JSON.stringify(args),
  });
  return response.json();
}

const plain = (text: string) => ({ type: "plain_text", text });
const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });
const button = (text: string) => ({ type: "button", text: plain(text), action_id: "a" });
const option = (text: string, value = "v") => ({ text: plain(text), value });
const menu = (type: string, options: unknown[], extra: Record<string, unknown> = {}) => ({
  type: "actions",
  elements: [{ type, action_id: "m", options, ...extra }],
});

describe("messages breaking Block Kit's limits are refused with invalid_blocks", () => {
  const cases: [string, unknown[]][] = [
    ["a header over 150 characters", [{ type: "header", text: plain("h".repeat(151)) }]],
    ["section text over 3,000 characters", [section("s".repeat(3001))]],
    ["an empty section text", [section("")]],
    ["11 fields", [{ type: "section", fields: Array(11).fill({ type: "mrkdwn", text: "f" }) }]],
    [
      "a field over 2,000",
      [{ type: "section", fields: [{ type: "mrkdwn", text: "f".repeat(2001) }] }],
    ],
    ["11 context elements", [{ type: "context", elements: Array(11).fill(plain("c")) }]],
    ["a button text over 75", [{ type: "actions", elements: [button("b".repeat(76))] }]],
    ["a block_id over 255", [{ ...section("s"), block_id: "i".repeat(256) }]],
    ["51 blocks", Array(51).fill(section("s"))],
    ["a static_select of 101 options", [menu("static_select", Array(101).fill(option("o")))]],
    ["a static_select of no options", [menu("static_select", [])]],
    ["an option text over 75", [menu("static_select", [option("o".repeat(76))])]],
    ["an option value over 150", [menu("static_select", [option("o", "v".repeat(151))])]],
    [
      "a static_select placeholder over 150",
      [menu("static_select", [option("o")], { placeholder: plain("p".repeat(151)) })],
    ],
    ["an overflow of one option", [menu("overflow", [option("o")])]],
    ["an overflow of six options", [menu("overflow", Array(6).fill(option("o")))]],
  ];
  for (const [name, blocks] of cases) {
    it(name, async () => {
      const answer = await call("chat.postMessage", { channel: CHANNEL, text: "t", blocks });
      expect(answer).toEqual({ ok: false, error: "invalid_blocks" });
    });
  }

  it("nothing refused is posted, and chat.postEphemeral refuses alike", async () => {
    const blocks = [{ type: "actions", elements: [button("b".repeat(76))] }];
    const answer = await call("chat.postEphemeral", { channel: CHANNEL, user: "U1", blocks });
    expect(answer).toEqual({ ok: false, error: "invalid_blocks" });
    expect(slack.api.messages(CHANNEL)).toEqual([]);
  });

  it("at a response_url: HTTP 400 invalid_blocks", async () => {
    const response = await fetch(slack.responses.newUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "t", blocks: [section("s".repeat(3001))] }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("invalid_blocks");
  });

  it("a message within every limit is posted", async () => {
    const blocks = [
      { type: "header", text: plain("h".repeat(150)) },
      section("s".repeat(3000)),
      { type: "actions", elements: [button("b".repeat(75))] },
      menu("static_select", Array(100).fill(option("o".repeat(75), "v".repeat(150))), {
        placeholder: plain("p".repeat(150)),
      }),
      menu("overflow", Array(5).fill(option("o"))),
    ];
    const answer = await call("chat.postMessage", { channel: CHANNEL, text: "t", blocks });
    expect(answer).toMatchObject({ ok: true });
  });
});

describe("modals breaking them are refused with invalid_arguments, naming the field", () => {
  const modal = (changes: Record<string, unknown>) => ({
    type: "modal",
    title: plain("Ban"),
    submit: plain("Run"),
    blocks: [
      {
        type: "input",
        block_id: "reason",
        label: plain("reason"),
        element: { type: "plain_text_input", action_id: "value", placeholder: plain("e.g. spam") },
      },
    ],
    ...changes,
  });

  it("a title over 24 characters", async () => {
    const answer = await call("views.open", {
      trigger_id: "t",
      view: modal({ title: plain("t".repeat(25)) }),
    });
    expect(answer).toEqual({
      ok: false,
      error: "invalid_arguments",
      response_metadata: {
        messages: [expect.stringMatching(/^\[ERROR\] .+ \[json-pointer:\/view\/title\/text\]$/)],
      },
    });
  });

  it("a placeholder over 150 characters", async () => {
    const input = modal({}).blocks[0];
    const element = { ...input?.element, placeholder: plain("p".repeat(151)) };
    const answer = await call("views.open", {
      trigger_id: "t",
      view: modal({ blocks: [{ ...input, element }] }),
    });
    expect(answer).toMatchObject({
      error: "invalid_arguments",
      response_metadata: {
        messages: [
          expect.stringContaining("[json-pointer:/view/blocks/0/element/placeholder/text]"),
        ],
      },
    });
  });

  it("a modal within every limit opens", async () => {
    expect(await call("views.open", { trigger_id: "t", view: modal({}) })).toMatchObject({
      ok: true,
    });
  });
});
