// The fake Discord's follow-up rule, route by route, without the bot: after a deferred reply
// (callback type 5) the first follow-up resolves the loading message, keeping the deferral's
// visibility; later follow-ups, and any after an edit, a deletion or a deferred update, are new
// messages with their own flags (discord-api-docs "Create Followup Message"; discordjs/discord.js
// #5702 and #6465; the citations are in test/fakes/discord/rest.ts).
import { describe, expect, it } from "vitest";
import { snowflake } from "../../fakes/discord/payloads.js";
import { type RestState, type RouteAnswer, route } from "../../fakes/discord/rest.js";

const EPHEMERAL = 64;
const LOADING = 128;

function fakeState(): RestState {
  const channelId = snowflake();
  return {
    applicationId: snowflake(),
    guildId: snowflake(),
    gatewayUrl: () => "ws://127.0.0.1:1/gateway",
    bot: { id: snowflake(), username: "chatwarden" },
    channels: new Map([[channelId, { id: channelId, name: "moderation" }]]),
    commands: [],
    interactions: new Map(),
    messages: new Map(),
    nonces: new Map(),
    nonceWindowMs: 180_000,
    interactionWindowMs: 3000,
  };
}

/** An interaction answered with `callback`, and its webhook's routes. */
function answeredWith(callback: { type: number; data?: { flags?: number } }) {
  const state = fakeState();
  const token = `token-${snowflake()}`;
  const [channelId = ""] = state.channels.keys();
  state.interactions.set(token, {
    id: snowflake(),
    token,
    channelId,
    dispatchedAt: Date.now(),
    answerIds: [],
  });
  expect(route(state, "POST", `/interactions/1/${token}/callback`, callback).status).toBe(204);
  const message = (answer: RouteAnswer) => {
    expect(answer.status).toBe(200);
    return answer.body as { id: string; flags: number; content: string };
  };
  const original = () => state.interactions.get(token)?.sourceMessageId;
  return {
    state,
    original,
    followUp: (body: { content: string; flags?: number }) =>
      message(route(state, "POST", `/webhooks/1/${token}`, body)),
    edit: (content: string) =>
      message(route(state, "PATCH", `/webhooks/1/${token}/messages/@original`, { content })),
    remove: () => route(state, "DELETE", `/webhooks/1/${token}/messages/@original`, undefined),
  };
}

describe("the first follow-up after a deferred reply", () => {
  it("resolves a public loading message: same message, still public, whatever its flags say", () => {
    const { state, original, followUp } = answeredWith({ type: 5 });
    const loadingId = original() ?? "";
    expect(state.messages.get(loadingId)?.flags).toBe(LOADING);
    const first = followUp({ content: "meant for the invoker", flags: EPHEMERAL });
    expect(first).toMatchObject({ id: loadingId, flags: 0, content: "meant for the invoker" });
    const second = followUp({ content: "really for the invoker", flags: EPHEMERAL });
    expect(second.id).not.toBe(loadingId);
    expect(second.flags).toBe(EPHEMERAL);
  });

  it("resolves a private loading message: still private, though sent as public", () => {
    const { original, followUp } = answeredWith({ type: 5, data: { flags: EPHEMERAL } });
    const first = followUp({ content: "meant for the channel" });
    expect(first).toMatchObject({ id: original(), flags: EPHEMERAL });
    expect(followUp({ content: "for the channel" }).flags).toBe(0);
  });

  it("is a new message once the loading message was edited", () => {
    const { original, followUp, edit } = answeredWith({ type: 5 });
    expect(edit("ban failed").flags).toBe(0);
    const detail = followUp({ content: "the detail", flags: EPHEMERAL });
    expect(detail.id).not.toBe(original());
    expect(detail.flags).toBe(EPHEMERAL);
  });

  it("is a new message once the loading message was deleted", () => {
    const { original, followUp, remove } = answeredWith({ type: 5 });
    const loadingId = original();
    expect(remove().status).toBe(204);
    const next = followUp({ content: "after", flags: EPHEMERAL });
    expect(next.id).not.toBe(loadingId);
    expect(next.flags).toBe(EPHEMERAL);
  });

  it("does not apply to a deferred update: a button's follow-up is a new message", () => {
    const { state, followUp } = answeredWith({ type: 6 });
    const answer = followUp({ content: "already handled", flags: EPHEMERAL });
    expect(answer.flags).toBe(EPHEMERAL);
    expect(state.messages.size).toBe(1);
  });
});
