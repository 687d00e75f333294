import type { Translation } from "../catalogue-shape.js";
import type { common as english } from "../en/common.js";

export const common = {
  "common.yes": "예",
  "common.no": "아니오",
  "common.page":
    "{initial, select, lower {{count}페이지 중 {number}페이지} other {{count}페이지 중 {number}페이지}}",
} as const satisfies Translation<typeof english>;
