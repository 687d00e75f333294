// The Discord destination through the real discord.js client against the fake Discord: posts carry
// the delivery key as an enforced nonce, so a repeated post is the same message; edits replace
// text and buttons; a burst is paced by discord.js from the rate-limit headers, never drawing a
// 429; and failures are sorted into worth-retrying and not, with reasons an operator can act on.
import { once } from "node:events";
import {
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type Interaction,
  Routes,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discordDestination } from "../../../adapters/discord/destination.js";
import { createDiscordClient } from "../../../adapters/discord/discord-client.js";
import type { View } from "../../../src/view/view.js";
import { FAKE_PERMISSION } from "../../fakes/discord/guild-access.js";
import {
  type FakeDiscord,
  type FakeUser,
  type RecordedCall,
  startFakeDiscord,
} from "../../fakes/discord/server.js";
import { messageOf } from "./answers.js";

const REPORTS = "600000000000000001";
const BURST = "600000000000000002";
const ONE_AT_A_TIME = "600000000000000004";
/** A channel of its own, whose rate-limit window no other test has used. */
const LOST = "600000000000000003";
const MISSING = "600000000000000099";
const moderator: FakeUser = { id: "200000000000000001", username: "mina", roles: [] };

const report = (title: string, withButtons = true): View => ({
  outcome: "warning",
  title,
  description: "<@&1> @everyone said something",
  visibility: "public",
  actions: withButtons
    ? [
        { id: "cw:r:12:ban1", kind: "report", label: "Ban 1d", style: "danger" },
        { id: "cw:r:12:dismiss", kind: "report", label: "Dismiss", style: "secondary" },
      ]
    : [],
});

let discord: FakeDiscord;
let client: Client;

async function logIn(on: FakeDiscord, make: () => Client): Promise<Client> {
  const made = make();
  const ready = once(made, Events.ClientReady);
  await made.login(on.token);
  await ready;
  return made;
}

beforeAll(async () => {
  discord = await startFakeDiscord({
    channels: [
      { id: REPORTS, name: "reports" },
      { id: BURST, name: "burst" },
      { id: LOST, name: "lost-answers" },
      { id: ONE_AT_A_TIME, name: "one-at-a-time" },
    ],
    channelRateLimit: { limit: 5, windowMs: 500 },
  });
  client = await logIn(discord, () => createDiscordClient(discord.apiUrl));
});
afterAll(async () => {
  await client?.destroy();
  await discord?.close();
});

const destination = (channelId = REPORTS, purpose: "report" | "audit" = "report") =>
  discordDestination({ client: () => client, channelId, purpose });

const posts = (channelId: string) => (call: RecordedCall) =>
  call.method === "POST" && call.path === `/channels/${channelId}/messages`;

describe("posting and editing", () => {
  it("posts a view with its buttons, mentioning nobody, keyed by an enforced nonce", async () => {
    const feed = destination();
    expect(feed.name).toBe("discord:report");
    expect(feed.pace).toBeUndefined();
    const id = await feed.post(report("Report #12"), "d-1");
    const held = discord.message(id);
    expect(held?.channel_id).toBe(REPORTS);
    expect(held?.components).toHaveLength(1);
    const call = discord.log.filter(posts(REPORTS)).at(-1);
    if (!call) throw new Error("no post");
    expect(messageOf(call).allowed_mentions).toEqual({ parse: [] });
    expect(call.body).toMatchObject({ nonce: "d-1", enforce_nonce: true });
  });

  it("edits the text and removes the buttons", async () => {
    const feed = destination();
    const id = await feed.post(report("Report #13"), "d-2");
    await feed.edit(id, report("Report #13: banned by Mina", false));
    const held = discord.message(id);
    expect(held?.embeds).toMatchObject([{ title: "Report #13: banned by Mina" }]);
    expect(held?.components).toEqual([]);
    expect(held?.edited_timestamp).not.toBeNull();
  });

  it("posting again with the same key returns the same message and creates none", async () => {
    const feed = destination();
    const before = discord.channelMessages(REPORTS).length;
    const first = await feed.post(report("Report #14"), "d-3");
    const again = await feed.post(report("Report #14"), "d-3");
    expect(again).toBe(first);
    expect(discord.channelMessages(REPORTS)).toHaveLength(before + 1);
    // Nothing to look up: the nonce already answers, whenever the first attempt was made.
    expect(await feed.findPosted("d-3", { from: 0, until: Date.now() })).toBeUndefined();
  });

  it("an answer lost after Discord created the message: discord.js's retry gets the same one", async () => {
    discord.faults.add({ method: "POST", path: /\/messages$/, status: 502, afterRoute: true });
    const id = await destination(LOST).post(report("Report #15"), "d-4");
    expect(discord.channelMessages(LOST).map((message) => message.id)).toEqual([id]);
    expect(discord.log.filter(posts(LOST)).map((call) => call.status)).toEqual([502, 200]);
  });

  it("a button on a posted message is pressed in that message's channel", async () => {
    const id = await destination().post(report("Report #16"), "d-5");
    const pressed = once(client, Events.InteractionCreate);
    const sent = discord.button(moderator, "cw:r:16:dismiss", { id });
    const [interaction] = (await pressed) as [Interaction];
    if (!interaction.isButton()) throw new Error("not a button");
    expect(interaction.channelId).toBe(REPORTS);
    expect(interaction.message.id).toBe(id);
    await interaction.update({ components: [] });
    await sent.callback();
    expect(discord.message(id)?.components).toEqual([]);
  });
});

describe("pacing", () => {
  it("a burst of 12 to a channel allowing 5 per 500 ms waits on the headers and draws no 429", async () => {
    const feed = destination(BURST);
    const started = Date.now();
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) => feed.post(report(`Burst ${n}`), `burst-${n}`)),
    );
    const elapsed = Date.now() - started;
    expect(discord.log.filter(posts(BURST)).map((call) => call.status)).toEqual(
      Array(12).fill(200),
    );
    // Three windows: 5, 5, then 2; and discord.js keeps them in order.
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(discord.channelMessages(BURST).map((message) => message.id)).toEqual(ids);
  });

  it("one post after another, as the drainer sends them, draws no 429 either", async () => {
    const feed = destination(ONE_AT_A_TIME);
    for (let n = 0; n < 12; n += 1) await feed.post(report(`Next ${n}`), `next-${n}`);
    expect(discord.log.filter(posts(ONE_AT_A_TIME)).map((call) => call.status)).toEqual(
      Array(12).fill(200),
    );
  });
});

describe("failures", () => {
  it("Discord down (5xx beyond discord.js's own retries) is worth retrying", async () => {
    const end = discord.faults.outage({ method: "POST", path: /\/messages$/, status: 503 });
    const feed = destination();
    const failure = await feed.post(report("Report #20"), "d-20").catch((error: unknown) => error);
    end();
    expect(feed.classify(failure)).toMatchObject({ retry: true });
    const id = await feed.post(report("Report #20"), "d-20");
    expect(discord.channelMessages(REPORTS).filter((m) => m.id === id)).toHaveLength(1);
  });

  it("a channel Discord does not know is given up, naming the variable", async () => {
    const feed = destination(MISSING, "audit");
    const failure = await feed.post(report("Case #1"), "d-21").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DiscordAPIError);
    const verdict = feed.classify(failure);
    expect(verdict.retry).toBe(false);
    expect(verdict.reason).toContain(`DISCORD_AUDIT_CHANNEL_ID ${MISSING}`);
    expect(verdict.reason).toContain("Unknown Channel");
  });

  it("a channel the bot may not post in: given up, saying which permissions", async () => {
    // As a moderator would do it: the bot may view #reports, but Send Messages is denied there.
    discord.access.setOverwrite(REPORTS, {
      id: discord.access.botRoleId,
      type: 0,
      allow: "0",
      deny: String(FAKE_PERMISSION.sendMessages),
    });
    try {
      const feed = destination();
      const failure = await feed
        .post(report("Report #22"), "d-22")
        .catch((error: unknown) => error);
      expect(feed.classify(failure)).toEqual({
        retry: false,
        reason: `the bot may not post in DISCORD_REPORT_CHANNEL_ID ${REPORTS} (Missing Permissions): give it Send Messages and Embed Links there`,
      });
    } finally {
      discord.access.reset();
    }
    expect(JSON.stringify(discord.channelMessages(REPORTS))).not.toContain("Report #22");
  });

  it("a private channel the bot was not let into: its posts and edits are given up", async () => {
    const feed = destination();
    const id = await feed.post(report("Report #24"), "d-24");
    discord.access.makePrivate(REPORTS);
    try {
      const post = await feed.post(report("Report #25"), "d-25").catch((error: unknown) => error);
      expect(feed.classify(post)).toEqual({
        retry: false,
        reason: `the bot cannot see DISCORD_REPORT_CHANNEL_ID ${REPORTS} (Missing Access): give it View Channels there`,
      });
      const edit = await feed.edit(id, report("handled", false)).catch((error: unknown) => error);
      expect(feed.classify(edit)).toMatchObject({ retry: false, reason: /Missing Access/ });
      // Let in by an overwrite for its role, it posts again.
      discord.access.setOverwrite(REPORTS, {
        id: discord.access.botRoleId,
        type: 0,
        allow: String(FAKE_PERMISSION.viewChannel),
        deny: "0",
      });
      await feed.post(report("Report #26"), "d-26");
    } finally {
      discord.access.reset();
    }
  });

  it("a message deleted in Discord: its edit, and a repeated post of it, are given up", async () => {
    const feed = destination();
    const id = await feed.post(report("Report #23"), "d-23");
    discord.deleteMessage(id);
    const edit = await feed.edit(id, report("handled", false)).catch((error: unknown) => error);
    expect(feed.classify(edit)).toMatchObject({ retry: false, reason: /Unknown Message/ });
    // Discord's enforce_nonce does not recreate a message deleted since: the post is refused.
    const repost = await feed.post(report("Report #23"), "d-23").catch((error: unknown) => error);
    expect(feed.classify(repost)).toMatchObject({ retry: false, reason: /Unknown Message/ });
  });

  it("a 429 handed back by discord.js is retried after Discord's retry_after", async () => {
    // A Discord of its own: the fake has one gateway session, and a second client logging in
    // would take it over from the client the other tests press buttons through.
    const own = await startFakeDiscord({ channels: [{ id: REPORTS, name: "reports" }] });
    const rejecting = await logIn(
      own,
      () =>
        new Client({
          intents: [GatewayIntentBits.Guilds],
          rest: { api: own.apiUrl, rejectOnRateLimit: () => true },
        }),
    );
    try {
      own.faults.add({ method: "POST", path: /\/messages$/, status: 429, retryAfter: 2 });
      const feed = discordDestination({
        client: () => rejecting,
        channelId: REPORTS,
        purpose: "report",
      });
      const failure = await feed.post(report("Report #24"), "d-24").catch((e: unknown) => e);
      const verdict = feed.classify(failure);
      expect(verdict.retry).toBe(true);
      expect(verdict.retry && verdict.afterMs).toBeGreaterThanOrEqual(2000);
      expect(verdict.retry && verdict.afterMs).toBeLessThan(2500);
    } finally {
      await rejecting.destroy();
      await own.close();
    }
  });

  it("a 429 as an API error uses its retry_after; a malformed message is a bug to report", () => {
    const feed = destination();
    // Discord's 429 body (RESTRateLimit), which discord.js keeps as the error's rawError.
    const body = { message: "You are being rate limited.", retry_after: 1.25, global: false };
    const limited = new DiscordAPIError(
      { ...body, code: 0 },
      0,
      429,
      "POST",
      "/channels/1/messages",
      { body: undefined, files: undefined },
    );
    expect(feed.classify(limited)).toMatchObject({ retry: true, afterMs: 1250 });
    const malformed = new DiscordAPIError(
      { code: 50035, message: "Invalid Form Body" },
      50035,
      400,
      "POST",
      "/channels/1/messages",
      { body: undefined, files: undefined },
    );
    expect(feed.classify(malformed)).toMatchObject({ retry: false, reason: /chatwarden bug/ });
  });
});

describe("the fake's channel messages, as Discord answers them", () => {
  it("a repeated nonce without enforce_nonce creates another message", async () => {
    const route = Routes.channelMessages(REPORTS);
    const body = { content: "plain", nonce: "same" };
    const first = (await client.rest.post(route, { body })) as { id: string };
    const second = (await client.rest.post(route, { body })) as { id: string };
    expect(second.id).not.toBe(first.id);
  });

  it("reading a message that is not there is 404 Unknown Message", async () => {
    const failure = await client.rest
      .get(Routes.channelMessage(REPORTS, "1"))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 404, code: 10008 });
  });
});
