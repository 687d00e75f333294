// The English catalogue: every area's texts under one set of keys. English is the source: its
// keys are the catalogue's, and every other language translates each of them.
import { ban } from "./ban.js";
import { common } from "./common.js";

export const english = {
  ...common,
  ...ban,
} as const;

export type MessageKey = keyof typeof english;
