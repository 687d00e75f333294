// Texts of the answers area: see ../README.md for what each area holds.
export const answers = {} as const;
