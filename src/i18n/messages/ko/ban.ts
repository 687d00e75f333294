import type { Translation } from "../catalogue-shape.js";
import type { ban as english } from "../en/ban.js";

export const ban = {
  "ban.title": "{player} 채팅 금지 {days}일",
  "ban.titleUnconfirmed": "{player} 채팅 금지가 확인되지 않았습니다",
  "ban.echoWarning": "{difference}: 다시 시도하기 전에 채팅 금지 목록(bans)을 확인하십시오",
  "ban.field.player": "플레이어",
  "ban.field.days": "기간(일)",
  "ban.field.until": "종료",
  "ban.field.count": "누적 채팅 금지 횟수",
  "ban.field.reason": "사유",
  "ban.questionLong":
    "{player}의 채팅을 {days}일 동안 금지하시겠습니까? {limit}일보다 긴 기간입니다.",
  "ban.questionSooner":
    "{player}의 채팅 금지는 {runningEnd}까지입니다. {days}일 채팅 금지로 바꾸면 그보다 이른 {newEnd}에 끝납니다. 기간을 줄이시겠습니까?",
  "ban.wasBanned": "{player}의 채팅 금지가 이미 진행 중이었습니다",
  "ban.wasBannedUntil": "{player}의 기존 채팅 금지는 {end}까지였습니다",
  "ban.replacedUnknown": "{was}. 채팅 API가 두 채팅 금지를 어떻게 합쳤는지 bans로 확인하십시오.",
  "ban.replacedStacked":
    "{was}. 채팅 API가 이번 채팅 금지를 더해, 이제 {end}에 끝납니다 (누적 {count}회).",
  "ban.replaced": "{was}. 이번 채팅 금지가 기존 채팅 금지를 대체합니다 (누적 {count}회).",
} as const satisfies Translation<typeof english>;
