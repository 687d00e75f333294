// The Discord adapter, started by `chatwarden serve` when DISCORD_TOKEN, DISCORD_APPLICATION_ID
// and DISCORD_GUILD_ID are set: logs in, registers the catalogue's slash commands with the
// guild when they changed, answers interactions, and offers its report and audit channels as
// destinations of the core's outbox (reports, audit posts and their edits go out through them).
// Discord being down (at start-up or later), gateway reconnects and rate limits are waited out
// and logged; none of them ends the process.
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { type Client, DiscordjsError, Events, RESTEvents } from "discord.js";
import type { CompletionProvider } from "../../src/commands/completions.js";
import type { CommandRunner } from "../../src/commands/runner.js";
import type { Config } from "../../src/config.js";
import {
  DESTINATION_PURPOSES,
  type Destination,
  type DestinationPurpose,
} from "../../src/feed/destination.js";
import type { Logger } from "../../src/log.js";
import type { HandlerContext } from "./context.js";
import { commandDefinitions } from "./definitions.js";
import { DEFAULT_RETRY, type Delivery, isPassing, type RetryPolicy } from "./delivery.js";
import { discordDestination } from "./destination.js";
import { createDiscordClient } from "./discord-client.js";
import { handleInteraction } from "./interactions.js";
import { registerCommands } from "./registration.js";

export interface DiscordAdapterOptions {
  config: NonNullable<Config["discord"]>;
  runner: CommandRunner;
  completions: CompletionProvider;
  logger: Logger;
  /** Pauses between retries of failed sends, logins and registrations (tests shorten them). */
  retry?: RetryPolicy;
  /** Abandons a start-up that is still waiting for Discord (shutdown during an outage). */
  signal?: AbortSignal;
}

export interface DiscordAdapter {
  /** The logged-in client (a new one replaces it if the first login had to be retried). */
  client: Client;
  /** The configured report and audit channels, for the core's outbox drainers. */
  destinations: Destination[];
  stop(): Promise<void>;
}

/**
 * Resolves once logged in and the commands are checked. An invalid token or a catalogue that
 * cannot be a slash command rejects at once; while Discord is unreachable it keeps trying, so
 * callers start it beside the other adapters rather than before them.
 */
export async function startDiscordAdapter(options: DiscordAdapterOptions): Promise<DiscordAdapter> {
  const { config, logger } = options;
  const log = logger.child({ adapter: "discord" });
  const definitions = commandDefinitions(options.runner.catalogue);
  if (config.moderatorRoleIds.length === 0 && config.adminRoleIds.length === 0) {
    log.warn(
      "DISCORD_MODERATOR_ROLE_IDS and DISCORD_ADMIN_ROLE_IDS are empty: nobody on Discord can run moderator or admin commands",
    );
  }
  const stopping = new AbortController();
  options.signal?.addEventListener("abort", () => stopping.abort(), { once: true });
  const policy = options.retry ?? DEFAULT_RETRY;
  const delivery: Delivery = { policy, logger: log, signal: stopping.signal };
  const context: HandlerContext = {
    runner: options.runner,
    completions: options.completions,
    roles: config,
    delivery,
    logger: log,
  };

  const client = await logIn(config, context, policy, stopping.signal).catch((error: unknown) => {
    throw explained(error);
  });
  await keepRegistering(client, config, definitions, policy, log, stopping.signal);
  const channels: Record<DestinationPurpose, string | undefined> = {
    report: config.reportChannelId,
    audit: config.auditChannelId,
  };
  const destinations = DESTINATION_PURPOSES.flatMap((purpose) => {
    const channelId = channels[purpose];
    return channelId ? [discordDestination({ client: () => client, channelId, purpose })] : [];
  });

  return {
    client,
    destinations,
    async stop() {
      stopping.abort();
      await client.destroy();
    },
  };
}

/** Logs in, trying again with a fresh client while the failure is Discord's or the network's. */
async function logIn(
  config: NonNullable<Config["discord"]>,
  context: HandlerContext,
  policy: RetryPolicy,
  signal: AbortSignal,
): Promise<Client> {
  let delay = policy.firstDelayMs;
  for (;;) {
    const client = createDiscordClient(config.apiUrl);
    watch(client, context.logger);
    client.on(Events.InteractionCreate, (interaction) => {
      void handleInteraction(interaction, context);
    });
    const ready = once(client, Events.ClientReady, { signal });
    try {
      await client.login(config.token.reveal());
      await ready;
      context.logger.info({ guild: config.guildId }, "logged in to Discord");
      return client;
    } catch (error) {
      ready.catch(() => {});
      await client.destroy();
      if (!isPassing(error) || signal.aborted) throw error;
      context.logger.warn({ err: error, retryInMs: delay }, "could not reach Discord; retrying");
      await sleep(delay, undefined, { signal });
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}

async function keepRegistering(
  client: Client,
  config: NonNullable<Config["discord"]>,
  definitions: ReturnType<typeof commandDefinitions>,
  policy: RetryPolicy,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  let delay = policy.firstDelayMs;
  while (!signal.aborted) {
    try {
      const result = await registerCommands(client.rest, config, definitions);
      logger.info({ result, commands: definitions.length }, "Discord slash commands checked");
      return;
    } catch (error) {
      if (!isPassing(error)) {
        logger.error({ err: error }, "Discord refused the slash-command definitions");
        return;
      }
      logger.warn({ err: error, retryInMs: delay }, "could not register slash commands; retrying");
      await sleep(delay, undefined, { signal }).catch(() => {});
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}

/** A refused token says which variable to fix; the token itself is never in the message. */
function explained(error: unknown): unknown {
  if (error instanceof DiscordjsError && error.code === "TokenInvalid") {
    return new Error("Discord refused DISCORD_TOKEN: check the bot token in the Developer Portal");
  }
  return error;
}

/** Everything discord.js reports about its own health goes to the log, never to the event loop. */
function watch(client: Client, logger: Logger): void {
  client.on(Events.Error, (error) => logger.error({ err: error }, "Discord client error"));
  client.on(Events.Warn, (message) => logger.warn({ message }, "Discord client warning"));
  client.on(Events.ShardError, (error, shard) =>
    logger.warn({ err: error, shard }, "Discord gateway error"),
  );
  client.on(Events.ShardDisconnect, (event, shard) =>
    logger.warn({ code: event.code, shard }, "Discord gateway disconnected"),
  );
  client.on(Events.ShardReconnecting, (shard) =>
    logger.info({ shard }, "Discord gateway reconnecting"),
  );
  client.on(Events.ShardResume, (shard, replayed) =>
    logger.info({ shard, replayed }, "Discord gateway resumed"),
  );
  client.rest.on(RESTEvents.RateLimited, (info) =>
    logger.warn(
      { route: info.route, retryAfterMs: info.retryAfter, global: info.global },
      "Discord rate limit: waiting",
    ),
  );
}
