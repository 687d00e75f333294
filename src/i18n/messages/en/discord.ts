// Texts of the discord area: see ../README.md for what each area holds.
export const discord = {} as const;
