import type { Translation } from "../catalogue-shape.js";
import type { answers as english } from "../en/answers.js";

export const answers = {} as const satisfies Translation<typeof english>;
