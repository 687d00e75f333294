// A moment inside a sentence (a question, a case in a history): the UTC wall clock to the
// minute, `2026-11-24 10:00 UTC`. Fields carry `{ time }` for each platform to show natively;
// a sentence cannot, so every sentence writes the same absolute form.
export function utcMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
