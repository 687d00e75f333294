import type { Translation } from "../catalogue-shape.js";
import type { slack as english } from "../en/slack.js";

export const slack = {} as const satisfies Translation<typeof english>;
