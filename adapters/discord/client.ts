// The Discord adapter, started by `chatwarden serve` when DISCORD_TOKEN, DISCORD_APPLICATION_ID
// and DISCORD_GUILD_ID are set: logs in, registers the catalogue's slash commands with the
// guild when they changed, answers interactions, and offers its report and audit channels as
// destinations of the core's outbox (reports, audit posts and their edits go out through them).
// Discord being down (at start-up or later), gateway reconnects and rate limits are waited out
// and logged; none of them ends the process.
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { type Client, DiscordjsError, Events, RESTEvents } from "discord.js";
import {
  type CommandRunner,
  type CompletionProvider,
  type Config,
  ConnectionState,
  DESTINATION_PURPOSES,
  type Destination,
  type DestinationPurpose,
  InFlight,
  type Logger,
  PLAIN_PRESENTATION,
  type Presentation,
} from "../../src/index.js";
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
  /**
   * The gateway connection's state, when the caller wants to read it (/readyz) while start-up
   * still waits for Discord; the adapter makes its own otherwise. Either way it is `connection`.
   */
  connection?: ConnectionState;
  /** The team's language and zone (core.presentation); plain English and UTC unless given. */
  presentation?: Presentation;
}

export interface DiscordAdapter {
  /** The logged-in client (a new one replaces it if the first login had to be retried). */
  client: Client;
  /** The configured report and audit channels, for the core's outbox drainers. */
  destinations: Destination[];
  /** The gateway connection: up, reconnecting since when, or closed for good (/readyz). */
  connection: ConnectionState;
  /** Takes no new interactions from now on; those under way go on. */
  refuseNewWork(): void;
  /** How many interactions are under way. */
  inFlight(): number;
  /**
   * Takes no new interactions, waits up to `timeoutMs` for those under way, then disconnects.
   * Answers how many were still running when it gave up waiting.
   */
  stop(timeoutMs?: number): Promise<number>;
}

/** How long a stop waits for interactions under way, unless told otherwise. */
const STOP_TIMEOUT_MS = 10_000;

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
  const connection = options.connection ?? new ConnectionState("Discord gateway", log);
  connection.connecting();
  // Closing the connection on purpose is no outage.
  stopping.signal.addEventListener("abort", () => connection.stopped(), { once: true });
  const policy = options.retry ?? DEFAULT_RETRY;
  const delivery: Delivery = { policy, logger: log, signal: stopping.signal };
  const context: HandlerContext = {
    runner: options.runner,
    completions: options.completions,
    roles: config,
    delivery,
    logger: log,
    work: new InFlight(log, "Discord work failed"),
    presentation: options.presentation ?? PLAIN_PRESENTATION,
  };

  const client = await logIn(config, context, policy, stopping.signal, connection).catch(
    (error: unknown) => {
      const fatal = explained(error);
      connection.lost(fatal instanceof Error ? fatal.message : String(fatal));
      throw fatal;
    },
  );
  await keepRegistering(client, config, definitions, policy, log, stopping.signal);
  const channels: Record<DestinationPurpose, string | undefined> = {
    report: config.reportChannelId,
    audit: config.auditChannelId,
  };
  const destinations = DESTINATION_PURPOSES.flatMap((purpose) => {
    const channelId = channels[purpose];
    return channelId
      ? [discordDestination({ client: () => client, channelId, purpose, guildId: config.guildId })]
      : [];
  });

  return {
    client,
    destinations,
    connection,
    refuseNewWork: () => context.work.close(),
    inFlight: () => context.work.size,
    async stop(timeoutMs = STOP_TIMEOUT_MS) {
      context.work.close();
      const left = await context.work.drain(timeoutMs);
      stopping.abort();
      await client.destroy();
      return left;
    },
  };
}

/**
 * Logs in, trying again with a fresh client while the failure is Discord's or the network's. The
 * connection's state tells the tries: one warning when the first fails, one line when it works.
 */
async function logIn(
  config: NonNullable<Config["discord"]>,
  context: HandlerContext,
  policy: RetryPolicy,
  signal: AbortSignal,
  connection: ConnectionState,
): Promise<Client> {
  let delay = policy.firstDelayMs;
  for (;;) {
    const client = createDiscordClient(config.apiUrl);
    watch(client, context.logger);
    const untrack = track(client, connection, context.logger);
    connection.attempt();
    client.on(Events.InteractionCreate, (interaction) => {
      // A stopping bot takes no new work: Discord shows the user "did not respond", and nothing
      // was started for them; what was already under way finishes (see stop()).
      if (context.work.closed) return;
      void context.work.run("interaction", () => handleInteraction(interaction, context));
    });
    const ready = once(client, Events.ClientReady, { signal });
    try {
      await client.login(config.token.reveal());
      await ready;
      connection.up();
      return client;
    } catch (error) {
      ready.catch(() => {});
      // What the abandoned client reports while it closes is not about the connection.
      untrack();
      await client.destroy();
      if (!isPassing(error) || signal.aborted) throw error;
      connection.down(error instanceof Error ? error.message : String(error));
      context.logger.debug({ err: error, retryInMs: delay }, "Discord login failed; retrying");
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
  for (let attempt = 1; !signal.aborted; attempt += 1) {
    try {
      const result = await registerCommands(client.rest, config, definitions);
      logger.info({ result, commands: definitions.length }, "Discord slash commands checked");
      return;
    } catch (error) {
      if (!isPassing(error)) {
        logger.error({ err: error }, "Discord refused the slash-command definitions");
        return;
      }
      // One warning; the tries after it are debug, and success says it was checked.
      logger[attempt === 1 ? "warn" : "debug"](
        { err: error, retryInMs: delay, attempt },
        "could not register slash commands; retrying",
      );
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
  // discord.js waits these out by itself, and the outbox counts the 429s: detail for debugging.
  client.rest.on(RESTEvents.RateLimited, (info) =>
    logger.debug(
      { route: info.route, retryAfterMs: info.retryAfter, global: info.global },
      "Discord rate limit: waiting",
    ),
  );
}

/**
 * The gateway's ups and downs, as discord.js reports them, told to the connection's state.
 * discord.js emits ShardReconnecting for every close it will retry (the drop, then each failed
 * try, 500 ms apart), ShardResume or ShardReady when a try works, and ShardDisconnect for a
 * close it will not retry (a revoked token). Returns what stops the tracking.
 */
function track(client: Client, connection: ConnectionState, logger: Logger): () => void {
  let tracking = true;
  // What went wrong last, for the reason of the next close: an error comes just before it.
  let lastError: string | undefined;
  let lastClose: number | undefined;
  const reason = () => {
    const close = lastClose === undefined ? "connection lost" : `close ${lastClose}`;
    const said = lastError ? `${lastError} (${close})` : close;
    lastError = undefined;
    lastClose = undefined;
    return said;
  };
  const heard = new WeakSet<object>();
  client.on(Events.ShardError, (error, shard) => {
    logger.debug({ err: error, shard }, "Discord gateway error");
    lastError = error.message;
  });
  client.on(Events.ShardReconnecting, () => {
    if (!tracking) return;
    connection.down(reason());
    connection.attempt();
  });
  client.on(Events.ShardResume, () => {
    if (tracking) connection.up();
  });
  client.on(Events.ShardReady, (id) => {
    if (tracking) connection.up();
    // The close code comes with the shard's own close event, just before ShardReconnecting.
    const shard = client.ws.shards.get(id);
    if (shard && !heard.has(shard)) {
      heard.add(shard);
      shard.on("close", (event) => {
        lastClose = event.code;
      });
    }
  });
  client.on(Events.ShardDisconnect, (event) => {
    if (tracking) connection.lost(`close ${event.code}`);
  });
  return () => {
    tracking = false;
  };
}
