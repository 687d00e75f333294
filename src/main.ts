// `chatwarden serve`: the bot. With no chat API configured it runs the built-in emulator with
// demo data, so that `npm start` shows a working system with nothing set up.
import { ChatApiClient } from "./chat-api/client.js";
import type { Config } from "./config.js";
import { DEMO_TOKEN } from "./emulator/command.js";
import { type RunningEmulator, startEmulator } from "./emulator/server.js";
import { createLogger } from "./log.js";
import { untilSignalled } from "./shutdown.js";

/** How often the demo emulator adds a report, so the feed has something to show. */
const DEMO_REPORT_EVERY_MS = 20_000;

export async function serve(config: Readonly<Config>, out: NodeJS.WritableStream): Promise<void> {
  const logger = createLogger(config.logLevel);
  let emulator: RunningEmulator | undefined;
  let api: { baseUrl: string; token: string };
  if (config.chatApi) {
    api = { baseUrl: config.chatApi.baseUrl, token: config.chatApi.token.reveal() };
  } else {
    emulator = await startEmulator({
      token: DEMO_TOKEN,
      seed: "demo",
      timeZone: config.chatTimeZone,
      reportEveryMs: DEMO_REPORT_EVERY_MS,
    });
    api = { baseUrl: emulator.baseUrl, token: DEMO_TOKEN };
    out.write(
      `No CHAT_API_BASE_URL set: running the built-in chat/v1 emulator with demo data at ${emulator.baseUrl}\n` +
        `master token: ${DEMO_TOKEN}   (try: curl -H 'Authorization: Bearer ${DEMO_TOKEN}' ${emulator.baseUrl}/report_list)\n`,
    );
  }

  const client = new ChatApiClient({ ...api, timeoutMs: config.chatApiTimeoutMs, logger });
  const groups = await client.listChannelGroups();
  out.write(`Connected to the chat API: ${groups.length} channel group(s). Ctrl-C stops.\n`);

  await untilSignalled();
  await client.close();
  await emulator?.close();
}
