import type { Translation } from "../catalogue-shape.js";
import type { catalogue as english } from "../en/catalogue.js";

export const catalogue = {} as const satisfies Translation<typeof english>;
