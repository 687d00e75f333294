import type { Translation } from "../catalogue-shape.js";
import type { operator as english } from "../en/operator.js";

export const operator = {} as const satisfies Translation<typeof english>;
