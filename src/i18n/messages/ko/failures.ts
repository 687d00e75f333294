import type { Translation } from "../catalogue-shape.js";
import type { failures as english } from "../en/failures.js";

export const failures = {} as const satisfies Translation<typeof english>;
