// Words used across the catalogue: the answers to a question.
export const common = {
  "common.yes": "yes",
  "common.no": "no",
} as const;
