import type { Translation } from "../catalogue-shape.js";
import type { lists as english } from "../en/lists.js";

export const lists = {} as const satisfies Translation<typeof english>;
