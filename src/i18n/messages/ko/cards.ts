import type { Translation } from "../catalogue-shape.js";
import type { cards as english } from "../en/cards.js";

export const cards = {} as const satisfies Translation<typeof english>;
