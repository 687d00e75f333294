// Discord's published size limits, in one place: every cut the adapter makes refers to these.
// A message that breaks one is refused whole (400 Invalid Form Body), so a result would be lost.

export const LIMITS = {
  embedTitle: 256,
  embedDescription: 4096,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFields: 25,
  embedFooter: 2048,
  /** An attachment's description (alt text): MessageAttachmentRequest in Discord's OpenAPI. */
  attachmentDescription: 1024,
  /** Title, description, field names and values, footer: all embeds of one message together. */
  embedTotal: 6000,
  buttonLabel: 80,
  buttonsPerRow: 5,
  rowsPerMessage: 5,
  customId: 100,
  /** A string select's options, each one's label, and its placeholder. */
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  commandName: 32,
  commandDescription: 100,
  choices: 25,
  choiceText: 100,
  modalTitle: 45,
  modalFields: 5,
  labelText: 45,
  labelDescription: 100,
  textInputValue: 4000,
  textInputPlaceholder: 100,
  stringOptionLength: 6000,
} as const;
