// Words used across the catalogue: time spans and the answers to a question.
export const common = {
  "common.days": "{days, plural, one {{days} day} other {{days} days}}",
  "common.yes": "yes",
  "common.no": "no",
} as const;
