import type { Translation } from "../catalogue-shape.js";
import type { common as english } from "../en/common.js";

export const common = {
  "common.yes": "예",
  "common.no": "아니오",
} as const satisfies Translation<typeof english>;
