// The real discord.js client, through the Discord adapter, against the fake Discord and a core
// on the real emulator: what every adapter test starts from. Three members: a moderator, an
// admin and a player with no configured role.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DiscordAdapter } from "../../../adapters/discord/client.js";
import { startDiscordAdapter } from "../../../adapters/discord/client.js";
import type { AnyCommand } from "../../../src/commands/command.js";
import { CompletionProvider } from "../../../src/commands/completions.js";
import { Secret } from "../../../src/config.js";
import { type Core, createCore } from "../../../src/core.js";
import type { RunningEmulator } from "../../../src/emulator/server.js";
import { ReportFeed } from "../../../src/feed/feed.js";
import { silentLogger } from "../../../src/log.js";
import { type FakeDiscord, type FakeUser, startFakeDiscord } from "../../fakes/discord/server.js";
import { startTestEmulator, TEST_TOKEN } from "../../helpers/emulator.js";

export const MODERATOR_ROLE = "400000000000000001";
export const ADMIN_ROLE = "400000000000000002";
export const AUDIT_CHANNEL = "500000000000000001";
export const REPORT_CHANNEL = "500000000000000002";

export const moderator: FakeUser = {
  id: "200000000000000001",
  username: "mina",
  nick: "Mina",
  roles: [MODERATOR_ROLE],
};
export const admin: FakeUser = { id: "200000000000000002", username: "ari", roles: [ADMIN_ROLE] };
export const player: FakeUser = { id: "200000000000000003", username: "random", roles: [] };

export interface DiscordHarness {
  discord: FakeDiscord;
  emulator: RunningEmulator;
  core: Core;
  adapter: DiscordAdapter;
  /** The report feed's drainers, sending to this adapter's channels (it does not poll itself). */
  feed: ReportFeed;
  /** Starts another adapter on the same fake and core (a restart of the bot). */
  restart(): Promise<DiscordAdapter>;
  close(): Promise<void>;
}

export async function startDiscordHarness(
  options: {
    extraCommands?: AnyCommand[];
    audit?: boolean;
    /** Another harness's fake Discord: a second bot (a restart with a new catalogue). */
    discord?: FakeDiscord;
  } = {},
): Promise<DiscordHarness> {
  const emulator = await startTestEmulator();
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-discord-"));
  const core = createCore({
    config: {
      // Longer than the slow-API fault, so a slow answer is waited for, not retried.
      chatApiTimeoutMs: 5_000,
      chatTimeZone: "UTC",
      dataDir,
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
    },
    api: { baseUrl: emulator.baseUrl, token: TEST_TOKEN },
    logger: silentLogger,
    extraCommands: options.extraCommands,
    destinations: {
      report: ["discord:report"],
      audit: options.audit === false ? [] : ["discord:audit"],
    },
  });
  const discord =
    options.discord ??
    (await startFakeDiscord({
      channels: [
        { id: AUDIT_CHANNEL, name: "audit" },
        { id: REPORT_CHANNEL, name: "reports" },
      ],
      roles: [
        { id: MODERATOR_ROLE, name: "Moderators" },
        { id: ADMIN_ROLE, name: "Admins" },
      ],
    }));
  const start = () =>
    startDiscordAdapter({
      config: {
        token: new Secret(discord.token),
        applicationId: discord.applicationId,
        guildId: discord.guildId,
        reportChannelId: REPORT_CHANNEL,
        auditChannelId: options.audit === false ? undefined : AUDIT_CHANNEL,
        moderatorRoleIds: [MODERATOR_ROLE],
        adminRoleIds: [ADMIN_ROLE],
        apiUrl: discord.apiUrl,
      },
      runner: core.runner,
      completions: new CompletionProvider(core.api, core.runner.catalogue),
      logger: silentLogger,
      retry: { firstDelayMs: 20, maxDelayMs: 100 },
    });
  const first = await start();
  const adapters = [first];
  const feed = new ReportFeed({
    core,
    destinations: first.destinations,
    poll: false,
    pollCron: "0 0 1 1 *",
    backfill: 10,
    groupMinutes: 60,
    logger: silentLogger,
    timing: { checkEveryMs: 50, firstRetryMs: 50, maxRetryMs: 500, waitForPostMs: 20 },
  });
  feed.start();
  return {
    discord,
    emulator,
    core,
    adapter: first,
    feed,
    async restart() {
      const next = await start();
      adapters.push(next);
      return next;
    },
    async close() {
      await feed.stop();
      for (const adapter of adapters) await adapter.stop();
      // A fake Discord passed in belongs to the test that started it.
      if (!options.discord) await discord.close();
      await core.close();
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
