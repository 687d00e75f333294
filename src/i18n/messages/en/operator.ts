// Operator-facing texts outside the commands: configuration problems (start-up and doctor), start-up lines, the emulator's usage.
export const operator = {} as const;
