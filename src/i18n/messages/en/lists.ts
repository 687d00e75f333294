// Texts of the lists area: see ../README.md for what each area holds.
export const lists = {} as const;
