import type { Translation } from "../catalogue-shape.js";
import type { lists as english } from "../en/lists.js";

export const lists = {
  // stats
  "stats.title": "신고 처리 통계: 최근 {period, select, 24h {24시간} 7d {7일} other {30일}}",
  "stats.column.day": "날짜",
  "stats.column.reports": "신고",
  "stats.column.categories": "분류별",
  "stats.column.median": "처리 시간 중앙값",
  "stats.column.p90": "처리 시간 90번째 백분위수",
  "stats.noDays": "기간에 해당하는 날짜가 없습니다.",
  "stats.notice":
    "날짜는 채팅 API가 신고 시각을 기록하는 시간대인 {zone}(CHAT_TIMEZONE) 기준입니다. 처리까지 걸린 시간은 신고의 create_at부터 그 신고 카드가 채팅 금지 또는 기각될 때까지, 카드가 없으면 플레이어가 채팅 금지될 때까지입니다.",
  "stats.field.from": "시작",
  "stats.field.to": "끝",
  "stats.field.received": "받은 신고",
  "stats.field.perDay": "일별 신고",
  "stats.field.byCategory": "분류별",
  "stats.field.cardsHandled": "처리한 신고 카드",
  "stats.field.timeToAction": "첫 처리까지 걸린 시간",
  "stats.field.backlog": "현재 대기 중인 신고",
  "stats.field.oldestSince": "최장 대기 시작 시각",
  "stats.field.mostReported": "가장 많이 신고된 플레이어",
  "stats.field.bansByLength": "기간별 채팅 금지",
  "stats.field.moderators": "모더레이터별 처리",
  "stats.noReports": "신고 없음",
  "stats.noCategory": "(분류 없음)",
  "stats.cardsHandled": "{handled}건 (채팅 금지 {banned}건, 기각 {dismissed}건)",
  "stats.timeToAction":
    "중앙값 {median}, 90번째 백분위수 {p90} (처리된 신고 {actedOn}건 기준). 아직 처리되지 않은 신고 {waiting}건",
  "stats.timeToActionNone": "처리된 신고 없음. 아직 처리되지 않은 신고 {waiting}건",
  "stats.backlog": "{open}건",
  "stats.backlogOldest": "{open}건 (가장 오래된 신고 카드: {card}번, 대상 {player})",
  "stats.mostReportedEntry": "{player}: 신고 {reports}건",
  "stats.nobody": "없음",
  "stats.bansOfDays": "{days}일: {bans}건",
  "stats.bansOfUnknownLength": "기간 기록 없음: {bans}건",
  "stats.noBans": "채팅 금지 없음",
  "stats.moderatorEntry":
    "{name} ({platform}): {actions}건 (채팅 금지 {bans}건, 기각 {dismissals}건)",
  "stats.noActions": "없음",
  "stats.duration.seconds": "{seconds}초",
  "stats.duration.minutes": "{minutes}분 {seconds}초",
  "stats.duration.hours": "{hours}시간 {minutes}분",
  "stats.chart.reports": "신고",
  "stats.chart.median": "처리 시간 중앙값(분)",
  "stats.chart.p90": "처리 시간 90번째 백분위수(분)",
  "stats.chart.minutes": "분",
  "stats.chart.span": "{first} ~ {last}",
  "stats.chart.noDays": "날짜 없음",
  "stats.chart.alt":
    "차트: 일별 신고 수(막대)와 신고부터 첫 처리까지 걸린 시간의 중앙값 및 90번째 백분위수(분, 선), {span}.",

  // channels list
  "channels.groupsTitle": "채널 그룹: {count}개",
  "channels.column.group": "그룹",
  "channels.column.channels": "채널",
  "channels.column.players": "플레이어",
  "channels.noGroups": "채널 그룹이 없습니다.",
  "channels.title": "{group}의 채널: {count}개",
  "channels.column.name": "이름",
  "channels.column.number": "번호",
  "channels.column.flags": "속성",
  "channels.column.lastChat": "마지막 채팅",
  "channels.noChannels": "{group} 그룹에 채널이 없습니다 (또는 그룹이 없습니다).",
  "channels.flag.default": "기본",
  "channels.flag.autoscaling": "자동 확장",
  "channels.neverChatted": "없음",
  // channels create
  "channels.create.question":
    "{name} 채널을 {group}의 기본 채널로 만드시겠습니까? 현재 {sentence}이며, 그 지정은 해제됩니다.",
  "channels.create.title": "{group}에 {name} 채널을 만들었습니다",
  "channels.create.field.number": "채널 번호",
  "channels.create.field.maxPlayers": "최대 인원",
  "channels.create.field.default": "기본 채널",
  "channels.create.field.created": "생성",
  // channels delete
  "channels.delete.question":
    "{group}의 {name} 채널을 그 이름의 모든 채널 번호와 함께 삭제하시겠습니까?",
  "channels.delete.losingDefault": "{sentence}입니다. 삭제하면 {group}에 기본 채널이 없게 됩니다.",
  "channels.delete.noneTitle": "{group}에 {name} 채널이 없습니다",
  "channels.delete.noneText":
    "채팅 API가 아무것도 삭제하지 않았습니다. channels list로 그룹과 이름을 확인하십시오.",
  "channels.delete.title": "{group}의 {name} 채널을 삭제했습니다",
  "channels.delete.field.numbers": "채널 번호",
  "channels.default.is": "{count, plural, other {{group}의 기본 채널은 {names}}}",
  "channels.default.unread":
    "변경 후 {group}의 채널을 읽지 못했습니다. 기본 채널은 channels list {group} 명령어로 확인하십시오.",
  "channels.default.noLonger": "{name} 채널은 이제 {group}의 기본 채널이 아닙니다.",
  "channels.default.now": "이제 {sentence}입니다.",
  "channels.default.none": "이제 {group}에 기본 채널이 없습니다.",

  // badwords list
  "badwords.titleOf": "{language} 금칙어 목록",
  "badwords.title": "금칙어 목록: 언어 {count}개",
  "badwords.column.language": "언어",
  "badwords.column.count": "단어 수",
  "badwords.column.words": "목록",
  "badwords.noListOf": "{language} 금칙어 목록이 없습니다.",
  "badwords.noLists": "금칙어 목록이 없습니다.",
  // badwords remove
  "badwords.removeQuestion":
    "{language} 금칙어 목록에서 단어 {count}개를 삭제하시겠습니까? 삭제할 단어: {words}. 삭제하면 플레이어가 이 단어를 채팅에 쓸 수 있게 됩니다.",
  "badwords.notInFilter": "금칙어 목록에 없는 단어 {count}개: {words}.",
  // badwords add and remove: the answer
  "badwords.added": "{language} 금칙어 목록에 단어 {count}개를 추가했습니다",
  "badwords.removed": "{language} 금칙어 목록에서 단어 {count}개를 삭제했습니다",
  "badwords.nothingAdded": "{language} 금칙어 목록에 추가된 단어가 없습니다",
  "badwords.nothingRemoved": "{language} 금칙어 목록에서 삭제된 단어가 없습니다",
  "badwords.field.added": "추가됨",
  "badwords.field.removed": "삭제됨",
  "badwords.field.alreadyThere": "이미 있음",
  "badwords.field.notInList": "목록에 없음",
  "badwords.field.count": "현재 목록의 단어 수",
  "badwords.none": "없음",
  "badwords.echoWarning": "{difference}: 다시 시도하기 전에 badwords list로 목록을 확인하십시오",
  "badwords.unread": "변경 후 목록을 다시 읽지 못했습니다. badwords list로 확인하십시오.",
  "badwords.notListedAfterAdd": "변경 후 채팅 API 목록에 없는 단어: {words}.",
  "badwords.stillListed":
    "채팅 API 목록에 아직 남은 단어: {words}. 채팅 API가 목록을 바꾸지 않고 합치는 것으로 보여, 채팅 API로는 단어를 삭제할 수 없습니다.",

  // Paged lists
  "lists.arrived":
    "이 목록 이후 추가된 {noun, select, report {신고 {count}건} card {신고 카드 {count}건} ban {채팅 금지 {count}건} channel {채널 {count}개} channelGroup {채널 그룹 {count}개} language {언어 {count}개} other {항목 {count}개}}: 모두 보려면 {command} 명령어를 다시 실행하십시오",
} as const satisfies Translation<typeof english>;
