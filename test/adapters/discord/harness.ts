// The real discord.js client, through the Discord adapter, against the fake Discord and a core
// on the real emulator: what every adapter test starts from. Three members: a moderator, an
// admin and a player with no configured role.
import type { DiscordAdapter } from "../../../adapters/discord/client.js";
import { startDiscordAdapter } from "../../../adapters/discord/client.js";
import type { RunningEmulator } from "../../../emulator/server.js";
import type { AnyCommand } from "../../../src/catalogue/command.js";
import { CompletionProvider } from "../../../src/catalogue/completions.js";
import { type Config, Secret } from "../../../src/config.js";
import type { Core } from "../../../src/core.js";
import type { ReportFeed } from "../../../src/feed/feed.js";
import { silentLogger } from "../../../src/log.js";
import {
  type FakeDiscord,
  type FakeUser,
  type RecordedCall,
  startFakeDiscord,
} from "../../fakes/discord/server.js";
import { startHarness } from "../../helpers/core.js";
import { startAdapterFeed } from "../../helpers/feed.js";

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
  /** Records players as seen by the bot (test/helpers/core.ts, Harness.see). */
  see(...players: string[]): Promise<void>;
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
    /** Whom a card that becomes high priority alerts (PRIORITY_ALERT_*); nobody unless given. */
    priorityAlert?: Config["priorityAlert"];
    /** DIGEST_CRON; the test looks for its slots itself (feed.digestSchedule.lookNow). */
    digestCron?: string;
    /** The team's CHATWARDEN_LOCALE and DISPLAY_TIMEZONE; English and UTC unless given. */
    team?: Partial<Pick<Config, "locale" | "displayTimeZone">>;
  } = {},
): Promise<DiscordHarness> {
  // The core every test starts from (test/helpers/core.ts), on a fresh emulator and data folder.
  const base = await startHarness({
    // Longer than the slow-API fault, so a slow answer is waited for, not retried.
    config: { chatApiTimeoutMs: 5_000, priorityAlert: options.priorityAlert, ...options.team },
    extraCommands: options.extraCommands,
    destinations: {
      report: ["discord:report"],
      audit: options.audit === false ? [] : ["discord:audit"],
    },
  });
  const { core, emulator } = base;
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
      // The team's, as the app gives it (app/components/discord.ts): what an interaction in a
      // language chatwarden does not speak is answered in.
      presentation: core.presentation,
      completions: new CompletionProvider(core.api, core.runner.catalogue, core.players),
      logger: silentLogger,
      retry: { firstDelayMs: 20, maxDelayMs: 100 },
    });
  const first = await start();
  const adapters = [first];
  const feed = startAdapterFeed(core, first.destinations, silentLogger, {
    digestCron: options.digestCron,
  });
  return {
    discord,
    emulator,
    core,
    adapter: first,
    feed,
    see: base.see,
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
      await base.close();
    },
  };
}

/**
 * A harness whose feed has made its first poll (of an empty chat API), so that the next report
 * is new, not backfill: posted as a card.
 */
export async function startPolledDiscordHarness(
  options: Parameters<typeof startDiscordHarness>[0] = {},
): Promise<DiscordHarness> {
  const h = await startDiscordHarness(options);
  await h.feed.pollNow();
  return h;
}

/** The post of the report card whose text holds `text` (its player's id) to the report channel. */
export function cardPost(h: DiscordHarness, text: string): Promise<RecordedCall> {
  return h.discord.log.waitFor(
    (call) =>
      call.method === "POST" &&
      call.path === `/channels/${REPORT_CHANNEL}/messages` &&
      JSON.stringify(call.body).includes(text),
  );
}
