// Synthetic chat/v1 answers for benchmarks: deterministic, shaped as the emulator answers, with
// Korean text in them so that the bodies are UTF-8 of more than one byte per character, as real
// chat is (a body's size is therefore quoted in bytes, never in string length), and with quotes
// and line breaks in every tenth message, so that the JSON holds escapes as real chat's does.
import { formatUtcTimestamp } from "../src/chat-api/time.js";

const KEYWORDS = ["INAPPROPRIATE", "SPAM", "CHEATING"];
const DAY_MS = 86_400_000;

export function syntheticReports(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    report_id: i + 1,
    to_gamer_id: `gamer-${i % 5000}`,
    to_gamer_name: `플레이어${i % 5000}`,
    from_gamer_id: `gamer-${(i * 7) % 5000}`,
    from_gamer_name: `reporter${(i * 7) % 5000}`,
    message:
      i % 10 === 0
        ? `he said "gg ez"\nmessage number ${i} 비속어 포함`
        : `message number ${i} with some words 비속어 포함`,
    keyword: KEYWORDS[i % KEYWORDS.length],
    reason: "비속어 및 성적 발언",
    status: i % 2,
    value: 0,
    update_at: "2024-06-17 09:50:23",
    create_at: "2024-06-17 09:50:23",
  }));
}

/** Running bans, as GET /block_user_list lists them. */
export function syntheticBans(count: number) {
  const start = Date.UTC(2024, 5, 17, 9, 50, 23);
  return Array.from({ length: count }, (_, i) => ({
    gamer_id: `gamer-${i}`,
    count: 1 + (i % 3),
    start_time: formatUtcTimestamp(new Date(start + i * 1000)),
    end_time: formatUtcTimestamp(new Date(start + i * 1000 + (1 + (i % 30)) * DAY_MS)),
  }));
}

/** `35.8 MB`: decimal megabytes of the UTF-8 encoding, which is what travels. */
export function megabytesOf(body: string | Buffer): string {
  const bytes = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
