// HTTP mode: bolt's HTTPReceiver checks each request's signature and timestamp (401 for a forged
// one or one older than five minutes) and hands it to the App, but it is never started: its
// request listener is mounted on the bot's one HTTP server, next to /healthz, at bolt's default
// path. One port to open, one server to close.

import type { IncomingMessage, ServerResponse } from "node:http";
import { HTTPReceiver, type Logger as SlackLogger } from "@slack/bolt";
import type { BotHttpServer } from "../../src/http-server.js";

export const SLACK_EVENTS_PATH = "/slack/events";

export function createHttpReceiver(signingSecret: string, logger: SlackLogger): HTTPReceiver {
  return new HTTPReceiver({
    signingSecret,
    endpoints: SLACK_EVENTS_PATH,
    logger,
    // Ack first, work after: the answer goes through the response_url.
    processBeforeResponse: false,
  });
}

/** Mounts the receiver; after `isStopped()` turns true, Slack's requests get a 503. */
export function mountHttpReceiver(
  http: BotHttpServer,
  receiver: HTTPReceiver,
  isStopped: () => boolean,
): void {
  http.mount(SLACK_EVENTS_PATH, (request: IncomingMessage, response: ServerResponse) => {
    if (isStopped()) return plain(response, 503, "the Slack adapter is stopping\n");
    if (request.method !== "POST") {
      response.setHeader("allow", "POST");
      return plain(response, 405, "Slack posts its events here\n");
    }
    try {
      receiver.requestListener(request, response);
    } catch {
      // The receiver throws for paths it does not serve (below the mount point).
      plain(response, 404, "not found\n");
    }
  });
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(text);
}
