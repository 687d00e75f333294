import type { Translation } from "../catalogue-shape.js";
import type { terminal as english } from "../en/terminal.js";

export const terminal = {} as const satisfies Translation<typeof english>;
