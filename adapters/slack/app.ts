// The Slack adapter: a bolt App in HTTP mode (mounted on the bot's HTTP server at /slack/events)
// or Socket Mode (SLACK_APP_TOKEN), serving the catalogue's slash commands, the core's buttons
// and command forms, and offering its report and audit channels as destinations of the core's
// outbox (reports, audit posts and their edits go out through them). It translates and nothing
// more: what a command does, who may run it and what it answers all come from the core.
import { App, type Logger as SlackLogger, SocketModeReceiver } from "@slack/bolt";
import type { CommandRunner } from "../../src/commands/runner.js";
import type { Config } from "../../src/config.js";
import {
  DESTINATION_PURPOSES,
  type Destination,
  type DestinationPurpose,
} from "../../src/feed/destination.js";
import type { BotHttpServer } from "../../src/http-server.js";
import type { Logger } from "../../src/log.js";
import type { ReplayGuard } from "../../src/store/replay-guard.js";
import { boltLogger } from "./bolt-logger.js";
import { deliveryWebClient } from "./delivery-client.js";
import { slackDestination } from "./destination.js";
import { createHttpReceiver, mountHttpReceiver } from "./http-endpoint.js";
import { SlackIdentity } from "./identity.js";
import { InFlight } from "./in-flight.js";
import { registerInteractions } from "./interactions.js";
import { registerSlashCommands } from "./slash-commands.js";
import {
  PRODUCTION_RECONNECT_POLICY,
  type ReconnectPolicy,
  SocketModeConnection,
} from "./socket-connection.js";
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
}

export interface SlackAdapter {
  app: App;
  /** The slash commands served, without their slash: what slack-manifest.yml lists. */
  slashCommands: string[];
  /** The configured report and audit channels, for the core's outbox drainers. */
  destinations: Destination[];
  stop(): Promise<void>;
}

/** How long stopping waits for commands and posts under way. */
const DRAIN_TIMEOUT_MS = 10_000;
/** The name the adapter reports its health under on /healthz. */
const HEALTH_COMPONENT = "slack";

export async function startSlackAdapter(options: SlackAdapterOptions): Promise<SlackAdapter> {
  const { config, runner, http } = options;
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
    authorize: identity.authorize,
    logger: slackLogger,
    clientOptions: clientOptions(),
  });
  app.error(async (error) => {
    logger.error({ err: error }, "bolt could not process a Slack request");
  });

  const work = new InFlight(logger);
  const context = { runner, roles: config, logger, work };
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
  let connection: SocketModeConnection | undefined;
  if (transport.kind === "http") {
    const { receiver, signingSecret, replayGuard } = transport;
    mountHttpReceiver(transport.http, {
      receiver,
      signingSecret,
      replayGuard,
      logger,
      isStopped: () => stopped,
    });
  } else {
    connection = new SocketModeConnection(
      transport.receiver,
      logger,
      options.reconnectPolicy ?? PRODUCTION_RECONNECT_POLICY,
      (connected) => http?.setHealth(HEALTH_COMPONENT, connected),
    );
    http?.setHealth(HEALTH_COMPONENT, false);
    connection.start();
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
    async stop() {
      stopped = true;
      await connection?.stop();
      await work.drain(DRAIN_TIMEOUT_MS);
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
