// How one view value reads in an embed. Times show in UTC, the zone of the chat API and of the
// case records moderators compare them with, followed by Discord's relative timestamp, which
// every reader's client renders in their own words ("in 3 days").

import { utcMinute, type ViewValue } from "../../src/index.js";
import { inert } from "./text.js";

export function valueText(value: ViewValue): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return inert(value);
  return timeText(value.time);
}

/** `2026-11-21 10:00 UTC (<t:1795255200:R>)` */
export function timeText(time: Date): string {
  if (Number.isNaN(time.getTime())) return "unknown time";
  return `${utcMinute(time)} (<t:${Math.floor(time.getTime() / 1000)}:R>)`;
}
