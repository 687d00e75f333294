// Words used across the catalogue: the answers to a question, and where a page of a list is.
export const common = {
  "common.yes": "yes",
  "common.no": "no",
  // A failure chatwarden did not expect: the same words on every platform (runner, adapters).
  "common.internalError.title": "Something went wrong",
  "common.internalError.description":
    "Something went wrong inside chatwarden; the details are in its log.",
  // Under a paged list on every platform. The console writes its lines in lower case (`page 2
  // of 5`), a chat message's footer as a label (`Page 2 of 5`): `initial` is `lower` or
  // `capital`. A language without letter case writes both the same.
  "common.page": "{initial, select, lower {page} other {Page}} {number} of {count}",
} as const;
