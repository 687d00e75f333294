import type { Translation } from "../catalogue-shape.js";
import type { common as english } from "../en/common.js";

export const common = {
  "common.yes": "예",
  "common.no": "아니오",
  "common.internalError.title": "문제가 발생했습니다",
  "common.internalError.description":
    "chatwarden 내부에서 문제가 발생했습니다. 자세한 내용은 로그에 있습니다.",
  "common.page":
    "{initial, select, lower {{count}페이지 중 {number}페이지} other {{count}페이지 중 {number}페이지}}",
} as const satisfies Translation<typeof english>;
