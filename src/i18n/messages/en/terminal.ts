// Texts of the terminal area: see ../README.md for what each area holds.
export const terminal = {} as const;
