// A moment as every front end writes it in words: the UTC wall clock to the minute,
// `2026-11-24 10:00 UTC`, the zone of the chat API and of the case records. Sentences (a
// question, a case in a history, a settled report) use it as is; each adapter adds its own
// relative part beside it (Discord's <t:…:R>, Slack's date token, "in 3 days" in a terminal).
export function utcMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * "12:03 UTC" for a moment of `today` (UTC), otherwise with its date: how /readyz says since
 * when something has been wrong.
 */
export function utcMinuteSince(instant: Date, today: Date): string {
  const since = utcMinute(instant);
  return since.slice(0, 10) === utcMinute(today).slice(0, 10) ? since.slice(11) : since;
}
