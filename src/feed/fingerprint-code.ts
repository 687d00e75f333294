// A report's fingerprint (`status|update_at`, report-store.ts fingerprintOf) as one number, so that
// the poller's memory of 100,000 reports holds numbers in a typed array rather than strings.
// Not a hash: the number spells the text exactly, so two fingerprints have the same number only
// when their texts are the same, and no change can be taken for none. A status from 0 to 89 and a
// `YYYY-MM-DD HH:MM:SS` make status × 10¹⁴ + YYYYMMDDHHMMSS, under 2⁵³ (every such number is an
// exact double). Any other text (a status of 90 or more, negative or fractional; a stored text in
// another form) has no number: NaN, and the text itself is kept (seen-reports.ts).
import { LOCAL_TIMESTAMP_LENGTH, localTimestampNumber } from "../chat-api/time.js";

const STAMP_SPAN = 1e14;
const LARGEST_STATUS = 89;

/** The fingerprint's number, or NaN for a text that has none. */
export function fingerprintCode(fingerprint: string): number {
  const bar = fingerprint.indexOf("|");
  // One or two digits of status, no leading zero: "7" and "07" must not meet.
  if (bar < 1 || bar > 2 || fingerprint.length !== bar + 1 + LOCAL_TIMESTAMP_LENGTH) {
    return Number.NaN;
  }
  if (bar === 2 && fingerprint.charCodeAt(0) === 0x30) return Number.NaN;
  let status = 0;
  for (let at = 0; at < bar; at++) {
    const digit = fingerprint.charCodeAt(at) - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    status = status * 10 + digit;
  }
  if (status > LARGEST_STATUS) return Number.NaN;
  return status * STAMP_SPAN + localTimestampNumber(fingerprint, bar + 1);
}

/** The text a fingerprint's number spells (`fingerprintCode`'s inverse). */
export function fingerprintText(code: number): string {
  const status = Math.floor(code / STAMP_SPAN);
  const digits = String(code - status * STAMP_SPAN).padStart(14, "0");
  const part = (from: number, to: number) => digits.slice(from, to);
  return `${status}|${part(0, 4)}-${part(4, 6)}-${part(6, 8)} ${part(8, 10)}:${part(10, 12)}:${part(12, 14)}`;
}
