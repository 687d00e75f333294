// A DATA_DIR that cannot be written under the built `serve` (SQLite), as on a full disk: every
// Slack command is still answered, in words, that nothing was done and why; nothing reaches the
// chat API; /readyz says the store is not ready, since when and why, while /healthz stays 200
// (a liveness probe must not restart a bot whose disk is full); and once the disk can be written
// again /readyz is ready by itself, without a command, and the next ban works.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seatPlayers } from "../helpers/emulator.js";
import { allowFileWrites, forbidFileWrites } from "../helpers/file-size-limit.js";
import { type BotWorld, probeBot, slackModerator, startBotWorld } from "./bot-process.js";

let w: BotWorld;
beforeAll(async () => {
  w = await startBotWorld();
  // The players banned below are in a channel: the bot finds them there and bans without asking.
  seatPlayers(w.emulator.state, ...[1, 2, 3, 4].map((n) => `full-disk-${n}`));
  await w.platformsUp();
}, 60_000);
afterAll(() => w?.close());

const pid = () => {
  const found = w.bot.process.pid;
  if (found === undefined) throw new Error("the bot has no pid");
  return found;
};
const answerText = async (responseUrl: string) =>
  JSON.stringify((await w.slack.responses.answer(responseUrl)).body);
const putsSoFar = () => w.emulator.requests.filter((r) => r.path === "/block_user_chat").length;

describe("serve on a DATA_DIR that cannot be written", () => {
  it("answers three Slack /ban commands in words, bans nobody, and /readyz says why until the disk is back", async () => {
    forbidFileWrites(pid());
    try {
      const bans = [];
      for (const n of [1, 2, 3]) {
        bans.push(await w.slashOnSlack(slackModerator, "/ban", `full-disk-${n} 1 spam`));
      }
      for (const ban of bans) {
        const text = await answerText(ban.responseUrl);
        expect(text).toContain("chatwarden cannot record anything right now: ");
        expect(text).toContain(w.dataDir);
        expect(text).toContain("; nothing was done");
      }
      expect(putsSoFar()).toBe(0);
      for (const n of [1, 2, 3]) {
        expect(w.emulator.state.runningBan(`full-disk-${n}`)).toBeUndefined();
      }

      const ready = await probeBot(w.bot.port, "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body.components?.store?.ready).toBe(false);
      expect(ready.body.components?.store?.detail).toMatch(
        /^cannot write to SQLite since \d\d:\d\d UTC: the store .*chatwarden\.sqlite could not be written/,
      );
      expect(await probeBot(w.bot.port, "/healthz")).toEqual({
        status: 200,
        body: { status: "ok", detail: "ok" },
      });
    } finally {
      allowFileWrites(pid());
    }

    // Nobody writes: the store's probe finds it writable again.
    await vi.waitFor(
      async () =>
        expect((await probeBot(w.bot.port, "/readyz")).body.components?.store).toEqual({
          ready: true,
          detail: "ok",
        }),
      { timeout: 15_000, interval: 100 },
    );
    const again = await w.slashOnSlack(slackModerator, "/ban", "full-disk-4 1 spam");
    expect(await answerText(again.responseUrl)).toContain("Banned full-disk-4 for 1 day");
    expect(w.emulator.state.runningBan("full-disk-4")).toBeDefined();
  }, 60_000);
});
