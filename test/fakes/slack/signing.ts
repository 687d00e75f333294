// Requests signed as Slack signs them: `v0=` and the hex HMAC-SHA256, keyed with the signing
// secret, of `v0:{timestamp}:{raw body}`, with the timestamp in seconds.
import { createHmac } from "node:crypto";

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export interface SignedPost {
  status: number;
  body: string;
  /** When the answer (bolt's ack) arrived, for ordering against later events. */
  answeredAt: number;
}

export interface SigningOverrides {
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  /** Replaces the computed signature (a forgery). */
  signature?: string;
}

/** POSTs `body` to a Slack request URL as Slack would, signed with `secret`. */
export async function postSigned(
  url: string,
  body: string,
  contentType: string,
  secret: string,
  overrides: SigningOverrides = {},
): Promise<SignedPost> {
  const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": overrides.signature ?? slackSignature(secret, timestamp, body),
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text, answeredAt: performance.now() };
}
