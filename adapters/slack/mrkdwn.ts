// Text for Slack, where user content is hostile: `<!channel>`, `<@U123>` and `<https://x|click>`
// are markup only while their angle brackets are raw, so every piece of user content passes
// through `escapeText` and becomes inert. Cutting happens on the raw text, one character at a
// time, so a limit never splits an entity like `&amp;` or a surrogate pair.
import type { ViewValue } from "../../src/moderation/view.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ELLIPSIS = "…";
const UNKNOWN_TIME = "unknown time";

/** Escapes the three characters Slack reserves for markup. */
export function escapeText(raw: string): string {
  return raw.replace(/[&<>]/g, (char) => ENTITIES[char] ?? char);
}

/** Escapes `raw` and keeps the result within `max` characters, ending in … when cut. */
export function escapeWithin(raw: string, max: number): string {
  const escaped = escapeText(raw);
  if (escaped.length <= max) return escaped;
  let kept = "";
  for (const char of raw) {
    const next = escapeText(char);
    if (kept.length + next.length > max - ELLIPSIS.length) break;
    kept += next;
  }
  return kept + ELLIPSIS;
}

/** Cuts text that is already Slack markup; only for text whose pieces were escaped whole. */
export function cutMarkup(markup: string, max: number): string {
  if (markup.length <= max) return markup;
  const chars = [...markup];
  let kept = "";
  for (const char of chars) {
    if (kept.length + char.length > max - ELLIPSIS.length) break;
    kept += char;
  }
  // Never leave half an entity (`&am`) or half a token (`<!date^…`) behind.
  const openEntity = kept.lastIndexOf("&");
  if (openEntity > kept.lastIndexOf(";")) kept = kept.slice(0, openEntity);
  const openToken = kept.lastIndexOf("<");
  if (openToken > kept.lastIndexOf(">")) kept = kept.slice(0, openToken);
  return kept + ELLIPSIS;
}

/**
 * A moment as Slack's date token: every reader sees it in their own time zone, and clients that
 * cannot render it show the UTC fallback.
 */
export function dateToken(time: Date): string {
  if (Number.isNaN(time.getTime())) return UNKNOWN_TIME;
  const unix = Math.floor(time.getTime() / 1000);
  return `<!date^${unix}^{date_short_pretty} {time}|${utcMinute(time)}>`;
}

/** A view value as mrkdwn: text escaped and cut to `max`, moments as date tokens. */
export function valueMarkup(value: ViewValue, max: number): string {
  if (typeof value === "string") return escapeWithin(value, max);
  if (typeof value === "number") return String(value);
  return dateToken(value.time);
}

/** A value as plain words, for the notification fallback text, where tokens are not wanted. */
export function valuePlain(value: ViewValue): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return Number.isNaN(value.time.getTime()) ? UNKNOWN_TIME : utcMinute(value.time);
}

/** `2026-11-24 10:00 UTC` */
function utcMinute(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
