// GET /metrics: the Prometheus text exposition of the bot's series, on the bot's one HTTP port.
// The port may be reachable from outside (Slack's HTTP mode needs it to be), and the series tell
// how busy the moderators are, so METRICS_TOKEN, when set, asks for `Authorization: Bearer
// <token>` as Prometheus sends it (scrape_config `authorization: { credentials: … }`), answered
// 401 with a WWW-Authenticate challenge as RFC 6750 section 3 describes.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Secret } from "../config.js";
import type { RequestHandler } from "../runtime/http-server.js";
import type { Metrics } from "./metrics.js";

export const METRICS_PATH = "/metrics";
const REALM = 'Bearer realm="chatwarden"';

export function metricsHandler(metrics: Metrics, token: Secret | undefined): RequestHandler {
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit that would tell a
  // guesser how many leading characters were right.
  const expected = token === undefined ? undefined : digest(token.reveal());
  return (request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH) return answer(response, 404, "not found\n");
    if (expected !== undefined) {
      const presented = bearerToken(request);
      if (presented === undefined) {
        return answer(response, 401, "a bearer token is required\n", {
          "www-authenticate": REALM,
        });
      }
      if (!timingSafeEqual(digest(presented), expected)) {
        return answer(response, 401, "the bearer token is wrong\n", {
          "www-authenticate": `${REALM}, error="invalid_token"`,
        });
      }
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return answer(response, 405, "only GET\n", { allow: "GET, HEAD" });
    }
    metrics.scrape().then(
      (text) => {
        // Node leaves the body out of a HEAD answer by itself.
        response.writeHead(200, {
          "content-type": metrics.contentType,
          "cache-control": "no-store",
        });
        response.end(text);
      },
      () => answer(response, 500, "the metrics could not be collected\n"),
    );
  };
}

/** The token of `Authorization: Bearer <token>`; the scheme's case does not matter (RFC 7235). */
function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function answer(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
  response.end(text);
}
