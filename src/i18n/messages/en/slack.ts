// Texts of the slack area: see ../README.md for what each area holds.
export const slack = {} as const;
