// The shape every language's catalogue has: English's keys, each an ICU MessageFormat text.
// A Korean area file declares `satisfies Translation<typeof english>`, so a key missing or left
// over is a type error; test/i18n/catalogue.test.ts checks that both texts of each key take the
// same placeholders.

/** Another language's texts for an English area: the same keys, each a text. */
export type Translation<English> = { readonly [Key in keyof English]: string };
