// The audit channel: every case, from Discord or any other platform, denied ones included,
// posted in case order; a post that fails during an outage is retried until it gets through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor } from "../../../src/moderation/roles.js";
import type { RecordedCall } from "../../fakes/discord/server.js";
import { embedOf, messageOf, textOf } from "./answers.js";
import {
  AUDIT_CHANNEL,
  type DiscordHarness,
  moderator,
  player,
  startDiscordHarness,
} from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness();
});
afterAll(() => h.close());

const isAuditPost = (call: RecordedCall) =>
  call.method === "POST" &&
  call.path === `/channels/${AUDIT_CHANNEL}/messages` &&
  call.status === 200;

/** The last call so far: a test waits for the posts after it, not for earlier tests' posts. */
const lastSeq = () => h.discord.calls.at(-1)?.seq ?? 0;

describe("audit channel", () => {
  it("posts a case for a ban made on Discord, naming the player Name (id)", async () => {
    await h.see("audited=@everyone Mallory");
    const last = lastSeq();
    await h.discord
      .slash(moderator, "ban", { gamer_id: "audited", days: "3", reason: "spam" })
      .edit();
    const post = await h.discord.log.waitFor(isAuditPost, { afterSeq: last });
    const embed = embedOf(post);
    // The name is inert: the post pings nobody (allowed_mentions below) and breaks nothing.
    expect(embed.title).toMatch(/^Case #\d+: ban @\u200beveryone Mallory \(audited\)$/);
    expect(textOf(post)).toContain("Mina (discord)");
    expect(textOf(post)).toContain("spam");
    expect(messageOf(post).allowed_mentions).toEqual({ parse: [] });
  });

  it("posts cases from other platforms and denials, in order", async () => {
    h.emulator.state.ban("unaudited", 3);
    const last = lastSeq();
    await h.core.runner.run({
      command: "unban",
      args: { gamer_id: "unaudited" },
      actor: operatorActor("console"),
    });
    await h.discord.slash(player, "ban", { gamer_id: "x", days: "1" }).edit();
    const first = await h.discord.log.waitFor(isAuditPost, { afterSeq: last });
    const second = await h.discord.log.waitFor(isAuditPost, { afterSeq: first.seq });
    expect(embedOf(first).title).toMatch(/: unban unaudited$/);
    expect(textOf(first)).toContain("(console)");
    expect(embedOf(second).title).toMatch(/: ban x$/);
    expect(textOf(second)).toContain("denied");
  });

  it("posts a ban made elsewhere as a case of the chat API's actor, the player inert", async () => {
    // The store's first sync finds what is banned already and posts nothing.
    await h.core.banSync.sync();
    await h.see("elsewhere=@everyone Mallory");
    h.emulator.state.ban("elsewhere", 7);
    const last = lastSeq();

    const synced = await h.core.banSync.sync();

    expect(synced).toMatchObject({ kind: "synced", first: false });
    const post = await h.discord.log.waitFor(isAuditPost, { afterSeq: last });
    expect(embedOf(post).title).toMatch(/^Case #\d+: ban @\u200beveryone Mallory \(elsewhere\)$/);
    expect(textOf(post)).toContain("chat API (outside chatwarden) (chat-api)");
    expect(textOf(post)).toContain("days=7");
    expect(messageOf(post).allowed_mentions).toEqual({ parse: [] });
  });

  it("retries a post that fails while Discord is down", async () => {
    h.discord.faults.add({
      method: "POST",
      path: /\/channels\/\d+\/messages$/,
      status: 502,
      times: 5,
    });
    const last = lastSeq();
    await h.see("later");
    await h.core.runner.run({
      command: "ban",
      args: { gamer_id: "later", days: "2" },
      actor: operatorActor("cli"),
    });
    const post = await h.discord.log.waitFor(isAuditPost, { afterSeq: last });
    expect(embedOf(post).title).toMatch(/: ban later$/);
    expect(h.discord.faults.pending()).toBe(0);
  });
});
