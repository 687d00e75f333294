import type { Translation } from "../catalogue-shape.js";
import type { discord as english } from "../en/discord.js";

export const discord = {
  "discord.answeredInChannel": "채널에 답변했습니다",
  "discord.waitingForConfirmation": "확인 대기 중",
  "discord.questionHidden": "명령어를 실행한 모더레이터만 질문을 볼 수 있습니다.",
  "discord.answerHidden": "명령어를 실행한 모더레이터만 답변을 볼 수 있습니다.",
  "discord.failureHidden": "명령어를 실행한 모더레이터만 이유를 볼 수 있습니다.",
  "discord.moreNotShown":
    "{count}개는 표시하지 않았습니다. Discord는 메시지 하나의 크기를 제한합니다.",
  "discord.unknownTime": "알 수 없는 시각",
} as const satisfies Translation<typeof english>;
