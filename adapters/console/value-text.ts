// A ViewValue as plain text for a terminal: strings as they are, numbers in digits, moments as
// `2026-11-24 10:00 UTC (in 3 days)`. Neutralising user content is the caller's job, because
// only the caller knows whether the text may span lines.
import type { ViewValue } from "../../src/index.js";
import { formatTime } from "./time-text.js";

export function valueText(value: ViewValue, now: Date): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  // A terminal shows no links: the text alone (a message's address is for Discord and Slack).
  if ("url" in value) return value.text;
  return formatTime(value.time, now);
}
