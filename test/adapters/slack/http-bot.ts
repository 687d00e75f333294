// One bot process's Slack side in HTTP mode, for tests that need several of them or a bare one:
// its own HTTP server, bolt App and connection to the store, around a core (and its DATA_DIR)
// that the test provides. Two of them on one core behave as two processes on one store.
import { type SlackAdapter, startSlackAdapter } from "../../../adapters/slack/app.js";
import { Secret } from "../../../src/config.js";
import {
  type BotHttpServer,
  type HttpServerLimits,
  startHttpServer,
} from "../../../src/runtime/http-server.js";
import { openStore } from "../../../src/store/open-store.js";
import { ReplayGuard } from "../../../src/store/replay-guard.js";
import type { Store } from "../../../src/store/store.js";
import type { FakeSlack } from "../../fakes/slack/server.js";
import type { Harness } from "../../helpers/core.js";
import { SIGNING_SECRET } from "./drivers.js";
import { BOT_TOKEN, TEST_RETRY_POLICY, users } from "./harness.js";
import { captureLogs, type LogCapture } from "./log-capture.js";

export interface HttpBot {
  http: BotHttpServer;
  adapter: SlackAdapter;
  logs: LogCapture;
  /** http://127.0.0.1:PORT/slack/events */
  endpoint: string;
  close(): Promise<void>;
}

export async function startHttpBot(
  core: Harness,
  fake: FakeSlack,
  options: { limits?: Partial<HttpServerLimits>; replayGuard?: (store: Store) => ReplayGuard } = {},
): Promise<HttpBot> {
  const http = await startHttpServer(0, "127.0.0.1", options.limits);
  const logs = captureLogs();
  const store = await openStore({ dataDir: core.dataDir });
  const adapter = await startSlackAdapter({
    config: {
      botToken: new Secret(BOT_TOKEN),
      mode: { kind: "http", signingSecret: new Secret(SIGNING_SECRET) },
      moderatorUserIds: [users.moderator.id],
      adminUserIds: [users.admin.id],
      apiUrl: fake.apiUrl,
      reportChannelId: undefined,
      auditChannelId: undefined,
    },
    runner: core.core.runner,
    logger: logs.logger,
    http,
    replayGuard: (options.replayGuard ?? ((own) => new ReplayGuard(own)))(store),
    retryPolicy: TEST_RETRY_POLICY,
  });
  return {
    http,
    adapter,
    logs,
    endpoint: `http://127.0.0.1:${http.port()}/slack/events`,
    async close() {
      await adapter.stop();
      await http.close();
      await store.close();
    },
  };
}
