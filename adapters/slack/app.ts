// The Slack adapter: a bolt App in HTTP mode (mounted on the bot's HTTP server at /slack/events)
// or Socket Mode (SLACK_APP_TOKEN), serving the catalogue's slash commands, the core's buttons
// and command forms, and offering its report and audit channels as destinations of the core's
// outbox (reports, audit posts and their edits go out through them). It translates and nothing
// more: what a command does, who may run it and what it answers all come from the core.
import { App, type Logger as SlackLogger, SocketModeReceiver } from "@slack/bolt";
import {
  type BotHttpServer,
  type CommandRunner,
  type Config,
  ConnectionState,
  DESTINATION_PURPOSES,
  type Destination,
  type DestinationPurpose,
  InFlight,
  type Logger,
  PLAIN_PRESENTATION,
  type Presentation,
  type ReplayGuard,
  silentLogger,
} from "../../src/index.js";
import { boltLogger } from "./bolt-logger.js";
import { deliveryWebClient } from "./delivery-client.js";
import { slackDestination } from "./destination.js";
import { createHttpReceiver, mountHttpReceiver } from "./http-endpoint.js";
import { SlackIdentity } from "./identity.js";
import { registerInteractions } from "./interactions.js";
import { type ListenerContext, registerSlashCommands } from "./slash-commands.js";
import {
  PRODUCTION_RECONNECT_POLICY,
  type ReconnectPolicy,
  SocketModeConnection,
} from "./socket-connection.js";
import {
  askerPresentation,
  knownPresentation,
  LOOKUP_TIMEOUT_MS,
  SlackUserLocales,
} from "./user-locale.js";
import { PRODUCTION_RETRY_POLICY, type SlackRetryPolicy, webClientOptions } from "./web-client.js";

export type SlackConfig = NonNullable<Config["slack"]>;

export interface SlackAdapterOptions {
  config: SlackConfig;
  runner: CommandRunner;
  logger: Logger;
  /** The bot's HTTP server; required in HTTP mode, where Slack's requests arrive on it. */
  http?: BotHttpServer;
  /**
   * Required in HTTP mode: remembers the signatures of Slack's requests in the store, so that a
   * replayed copy is refused by every process sharing it. Socket Mode has no signatures.
   */
  replayGuard?: ReplayGuard;
  /** Tests shorten the waits; the shape of the policy stays the same. */
  retryPolicy?: SlackRetryPolicy;
  reconnectPolicy?: ReconnectPolicy;
  /** The team's language and zone (core.presentation); plain English and UTC unless given. */
  presentation?: Presentation;
}

export interface SlackAdapter {
  app: App;
  /** The slash commands served, without their slash: what slack-manifest.yml lists. */
  slashCommands: string[];
  /** The configured report and audit channels, for the core's outbox drainers. */
  destinations: Destination[];
  /**
   * Socket Mode: the websocket's state (up, reconnecting since when). HTTP mode has no
   * connection to keep: it is up from the start. Stopped once stop() is called (/readyz).
   */
  connection: ConnectionState;
  /** How much work (commands, answers being posted) is under way. */
  inFlight(): number;
  /**
   * Refuses Slack's requests from now on (HTTP mode answers 503), closes Socket Mode, and waits
   * up to `timeoutMs` for the work under way. Answers how much was still running at the end.
   */
  stop(timeoutMs?: number): Promise<number>;
}

/** How long stopping waits for commands and posts under way, unless told otherwise. */
const DRAIN_TIMEOUT_MS = 10_000;

export async function startSlackAdapter(options: SlackAdapterOptions): Promise<SlackAdapter> {
  const { config, runner } = options;
  const logger = options.logger.child({ adapter: "slack" });
  const slackLogger = boltLogger(logger);
  const botToken = config.botToken.reveal();
  const policy = options.retryPolicy ?? PRODUCTION_RETRY_POLICY;
  // bolt and the Socket Mode client each keep (and change) the options object they are given.
  const clientOptions = () => webClientOptions(config.apiUrl, policy, logger);
  warnWhenNobodyHasARole(config, logger);

  const transport =
    config.mode.kind === "http"
      ? httpTransport(config.mode.signingSecret.reveal(), options, slackLogger)
      : {
          kind: "socket" as const,
          receiver: new SocketModeReceiver({
            appToken: config.mode.appToken.reveal(),
            logger: slackLogger,
            autoReconnectEnabled: false,
            installerOptions: { clientOptions: clientOptions() },
          }),
        };

  const identity = new SlackIdentity(botToken);
  const app = new App({
    receiver: transport.receiver,
    // bolt's conversation store keeps state between a conversation's events for listeners that
    // ask for it (https://docs.slack.dev/tools/bolt-js/legacy/conversation-store); none here
    // does, and its in-memory default looked every request up and rejected it ("Conversation
    // not found"). `false` leaves the middleware out (bolt's App constructor).
    convoStore: false,
    authorize: identity.authorize,
    logger: slackLogger,
    clientOptions: clientOptions(),
  });
  app.error(async (error) => {
    logger.error({ err: error }, "bolt could not process a Slack request");
  });
  // What a listener answers is presented in the language of the user who typed, clicked or
  // submitted (user-locale.ts), else the team's, and in the team's zone: each listener acks,
  // then presents its work so (slash-commands.ts presentedFor), and a user's first command of
  // the hour does not wait for users.info before its ack. What everyone sees (cards, audit posts
  // and their edits) goes out through the feed, in the team's language.
  const team = options.presentation ?? PLAIN_PRESENTATION;
  const locales = new SlackUserLocales({
    client: deliveryWebClient({
      apiUrl: config.apiUrl,
      logger,
      requestTimeoutMs: Math.min(LOOKUP_TIMEOUT_MS, policy.requestTimeoutMs),
    }),
    botToken,
    logger,
  });

  const work = new InFlight(logger, "Slack work failed");
  const context: ListenerContext = {
    runner,
    roles: config,
    logger,
    work,
    presentationOf: (body) => askerPresentation(body, team, locales),
  };
  const slashCommands = registerSlashCommands(app, context);
  registerInteractions(app, context);
  const deliveries = deliveryWebClient({
    apiUrl: config.apiUrl,
    logger,
    requestTimeoutMs: policy.requestTimeoutMs,
  });
  const channels: Record<DestinationPurpose, string | undefined> = {
    report: config.reportChannelId,
    audit: config.auditChannelId,
  };
  const destinations: Destination[] = [];
  for (const purpose of DESTINATION_PURPOSES) {
    const channelId = channels[purpose];
    if (channelId) {
      destinations.push(slackDestination({ client: deliveries, botToken, channelId, purpose }));
    }
  }

  let stopped = false;
  let socket: SocketModeConnection | undefined;
  // HTTP mode keeps no connection, so its state has nothing to tell the log.
  const connection =
    config.mode.kind === "http"
      ? new ConnectionState("Slack HTTP endpoint", silentLogger)
      : new ConnectionState("Slack Socket Mode", logger);
  if (transport.kind === "http") {
    connection.up();
    const { receiver, signingSecret, replayGuard } = transport;
    mountHttpReceiver(transport.http, {
      receiver,
      signingSecret,
      replayGuard,
      logger,
      work,
      isStopped: () => stopped,
      presentationOf: (userId) => knownPresentation(userId, team, locales),
    });
  } else {
    socket = new SocketModeConnection(
      transport.receiver,
      logger,
      options.reconnectPolicy ?? PRODUCTION_RECONNECT_POLICY,
      connection,
    );
    socket.start();
  }
  void work.track(identity.check(app, logger).then(() => undefined));
  logger.info(
    { mode: config.mode.kind, commands: slashCommands.map((name) => `/${name}`) },
    "Slack adapter started",
  );

  return {
    app,
    slashCommands,
    destinations,
    connection,
    inFlight: () => work.size,
    async stop(timeoutMs = DRAIN_TIMEOUT_MS) {
      stopped = true;
      connection.stopped();
      await socket?.stop();
      return work.drain(timeoutMs);
    },
  };
}

/** HTTP mode: Slack's requests arrive on the bot's HTTP server, checked against the store. */
function httpTransport(
  signingSecret: string,
  options: SlackAdapterOptions,
  slackLogger: SlackLogger,
) {
  const { http, replayGuard } = options;
  if (!http) {
    throw new Error("Slack HTTP mode needs the bot's HTTP server to receive Slack's requests");
  }
  if (!replayGuard) {
    throw new Error("Slack HTTP mode needs the store's replay guard to refuse replayed requests");
  }
  const receiver = createHttpReceiver(signingSecret, slackLogger);
  return { kind: "http" as const, receiver, signingSecret, http, replayGuard };
}

function warnWhenNobodyHasARole(config: SlackConfig, logger: Logger): void {
  if (config.moderatorUserIds.length > 0 || config.adminUserIds.length > 0) return;
  logger.warn(
    "SLACK_MODERATOR_USER_IDS and SLACK_ADMIN_USER_IDS are empty: nobody on Slack can run moderator or admin commands",
  );
}
