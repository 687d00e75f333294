// Texts of the cards area: see ../README.md for what each area holds.
export const cards = {} as const;
