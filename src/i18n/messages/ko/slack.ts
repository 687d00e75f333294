import type { Translation } from "../catalogue-shape.js";
import type { slack as english } from "../en/slack.js";

export const slack = {
  "slack.usage.title": "chatwarden 명령어",
  "slack.usage.titleOne": "{command} 사용법",
  "slack.form.button": "{command} 양식…",
  "slack.form.submit": "실행",
  "slack.form.close": "취소",
  "slack.form.placeholder": "예: {example}",
  "slack.form.required": "{name} 값을 입력하십시오: {description}",
  "slack.form.invalid": "{name} 값이 올바르지 않습니다",
  "slack.form.unavailable": "이 양식을 열 수 없습니다",
  "slack.form.unavailableHint": "대신 명령어를 직접 입력해 실행하십시오.",
  "slack.form.notOpened": "Slack이 양식을 열지 못했습니다",
  "slack.form.notOpenedHint": "다시 시도하거나, 대신 명령어를 직접 입력하십시오.",
  "slack.privateImage":
    "차트는 chatwarden과의 다이렉트 메시지로 보냈습니다. Slack은 채널의 파일을 한 사람에게만 보여 줄 수 없습니다.",
  "slack.notShown":
    "{count}개는 표시하지 않았습니다. Slack은 블록을 최대 {limit}개까지 보여 줍니다.",
  "slack.unknownTime": "알 수 없는 시각",
} as const satisfies Translation<typeof english>;
