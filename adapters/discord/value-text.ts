// How one view value reads in an embed. Times show in the team's DISPLAY_TIMEZONE with its
// abbreviation (UTC unless set), followed by Discord's relative timestamp, which every reader's
// client renders in their own words ("in 3 days").

import { displayMinute, t, type ViewValue } from "../../src/index.js";
import { inert } from "./text.js";

export function valueText(value: ViewValue): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return inert(value);
  if ("url" in value) return linkText(value);
  return timeText(value.time);
}

/**
 * A masked link, `[text](url)`, which Discord renders in embeds (and not in a bot's plain
 * content: https://github.com/Rapptz/discord.py/discussions/8451; discord.js's `hyperlink`
 * formatter makes the same). Its text is inert (brackets escaped, so it cannot end the link early
 * or start another); its url is one the bot made (a message link), never player text.
 */
function linkText(link: { text: string; url: string }): string {
  return `[${inert(link.text)}](${link.url})`;
}

/** `2026-11-21 10:00 UTC (<t:1795255200:R>)` */
export function timeText(time: Date): string {
  if (Number.isNaN(time.getTime())) return t("discord.unknownTime");
  return `${displayMinute(time)} (<t:${Math.floor(time.getTime() / 1000)}:R>)`;
}
