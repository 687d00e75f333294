import type { Translation } from "../catalogue-shape.js";
import type { discord as english } from "../en/discord.js";

export const discord = {} as const satisfies Translation<typeof english>;
