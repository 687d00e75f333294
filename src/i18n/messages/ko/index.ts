// The Korean catalogue (한국어), loaded only when a Korean answer is asked for. Terms follow
// ../glossary.md.
import type { Translation } from "../catalogue-shape.js";
import type { english } from "../en/index.js";
import { ban } from "./ban.js";
import { common } from "./common.js";

export const korean = {
  ...common,
  ...ban,
} as const satisfies Translation<typeof english>;
