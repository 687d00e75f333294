// Texts of the catalogue area: see ../README.md for what each area holds.
export const catalogue = {} as const;
