import type { Translation } from "../catalogue-shape.js";
import type { cards as english } from "../en/cards.js";

export const cards = {
  "cards.title.one": "{player} 대상 신고 #{reportId}",
  "cards.title.many": "{player} 대상 신고 {count}건",
  "cards.column.when": "일시",
  "cards.column.by": "신고자",
  "cards.column.category": "분류",
  "cards.column.reason": "사유",
  "cards.column.message": "메시지",
  "cards.noReports": "신고가 없습니다.",
  "cards.field.reported": "신고 대상",
  "cards.field.reportedBy": "신고자",
  "cards.field.category": "분류",
  "cards.field.reason": "사유",
  "cards.field.message": "메시지",
  "cards.field.when": "일시",
  "cards.field.report": "신고",
  "cards.reportStatus": "#{reportId}, 상태 {status}",
  "cards.state.open": "대기 중: 신고 {count}건이 모더레이터를 기다리고 있습니다.",
  "cards.state.handling":
    "{handled, select, yes {{name} ({platform}) 님이} other {모더레이터가}} 처리하고 있습니다.",
  "cards.state.settled":
    "{handled, select, yes {{name} ({platform}) 님이 {at}에} other {모더레이터가}} 처리했습니다: {outcome}{hasCase, select, yes { (처리 기록 #{caseNumber})} other {}}.",
  "cards.outcome":
    "{outcome, select, banned {채팅 금지 {days}일} bannedUnknown {채팅 금지} dismissed {기각} other {{text}}}",
  "cards.notice.reused":
    "그 뒤 채팅 API가 {target} 대상의 다른 신고에 같은 번호(#{reportId})를 붙였고, 그 신고는 별도 카드로 게시되었습니다. 이제 report {reportId} 명령어와 dismiss {reportId} 명령어는 그 신고를 가리킵니다. 이 카드와 버튼은 계속 {cardTarget} 대상입니다.",
  "cards.notice.more": "외 {count}건",
  "cards.notice.moreOpen":
    "외 {count}건: 그중 하나만 기각하려면 dismiss '<'신고 번호> --only를 입력하십시오",
  "cards.button.ban": "채팅 금지 {days}일 · {offence}",
  "cards.button.banForm": "채팅 금지…",
  "cards.button.dismiss": "기각",
  "cards.button.history": "이력",
  "cards.button.filter": "금칙어 추가…",
  "cards.button.take": "담당",
  "cards.button.taken": "{name} 님이 담당 중 · 담당 해제",
  "cards.menu.dismissOne": "신고 하나만 기각…",
  "cards.menu.option": "#{reportId} 신고자 {by} · {keyword} · {message}",
  "cards.ladder.offence": "{offence}차 위반",
  "cards.priority.level": "{level, select, high {높음} medium {보통} other {낮음}}",
  "cards.priority.line":
    "{hasReasons, select, yes {우선순위 {level}: {reasons}} other {우선순위 {level}}}",
  "cards.priority.reporters": "24시간 내 신고자 {count}명{more, select, yes { 이상} other {}}",
  "cards.priority.reports": "24시간 내 신고 {count}건{more, select, yes { 이상} other {}}",
  "cards.priority.bans": "이전 채팅 금지 {count}회{more, select, yes { 이상} other {}}",
  "cards.priority.dismissed": "이전에 기각된 신고 {count}건{more, select, yes { 이상} other {}}",
  "cards.take.line": "{name} ({platform}) 님이 {since}부터 {until}까지 담당 중입니다.",
  "cards.press.unknownTitle": "알 수 없는 신고",
  "cards.press.unknownButton": "이 버튼은 봇이 본 적 없는 신고를 가리킵니다.",
  "cards.press.noReport": "해당 신고가 없습니다: #{reportId}.",
  "cards.press.beingHandledTitle": "처리 중",
  "cards.press.beingHandled":
    "{handled, select, yes {{name} ({platform}) 님이 {at}부터} other {다른 모더레이터가}} 이 신고를 처리하고 있습니다.{lapses, select, yes { {until}까지 끝나지 않으면 다른 모더레이터가 다시 누를 수 있습니다.} other {}}",
  "cards.press.alreadyHandledTitle": "이미 처리됨",
  "cards.press.alreadyHandled":
    "{handled, select, yes {{name} ({platform}) 님이 {at}에} other {다른 모더레이터가}} 처리했습니다{hasOutcome, select, yes {: {outcome}} other {}}{hasCase, select, yes { (처리 기록 #{caseNumber})} other {}}.",
  "cards.alert.title": "우선순위 높음: {title}",
  "cards.alert.description": "{why}\nreport {reportId} 명령어로 카드와 처리 버튼을 볼 수 있습니다.",
  "cards.digest.title": "근무 요약: 대기 중인 신고 {count}건",
  "cards.digest.waiting": "대기 중",
  "cards.digest.handledSince": "처리 집계 시작",
  "cards.digest.handled": "처리",
  "cards.digest.banEndsFor": "채팅 금지 종료 대상",
  "cards.digest.ends": "종료",
  "cards.digest.noBansEnding": "이 요약 시각부터 24시간 안에 끝나는 채팅 금지가 없습니다.",
  "cards.digest.bansUnread":
    "채팅 API의 채팅 금지 목록을 읽지 못해 곧 끝나는 채팅 금지를 보여 드릴 수 없습니다.",
  "cards.digest.moreBans": "그 24시간 안에 끝나는 채팅 금지가 {count}건 더 있습니다",
  "cards.digest.levelCount": "{level, select, high {높음} medium {보통} other {낮음}} {count}건",
  "cards.digest.none": "없음",
  "cards.digest.oldestWaiting": "가장 오래 대기 중",
  "cards.digest.oldest": "{name} ({target}) 대상 신고 (report {reportId})",
  "cards.digest.waitingSince": "대기 시작",
  "cards.digest.handledCount":
    "{state, select, banned {채팅 금지} dismissed {기각} other {{state}}} {count}건",
  "cards.digest.nothing": "없음",
  "cards.reminder.title": "아직 대기 중인 신고 카드 {count}건",
  "cards.reminder.description":
    "신고 카드 {count}건이 {minutes}분 이상 대기했지만 아직 아무도 처리하지 않았습니다.",
  "cards.reminder.card": "카드",
  "cards.reminder.shownBy": "보는 방법",
  "cards.reminder.waitingSince": "대기 시작",
  "cards.reminder.report": "report {reportId} 명령어",
  "cards.reminder.more":
    "외 {count}건: reports --open 명령어로 대기 중인 카드를 모두 볼 수 있습니다",
  "cases.settledAtStart":
    "처리 중에 프로세스가 멈춰 시작할 때 정리했습니다: {found, select, done {채팅 API에 처리된 것으로 나옵니다} notDone {채팅 API에 처리되지 않은 것으로 나옵니다} other {채팅 API로는 {command} 명령어의 적용 여부를 알 수 없습니다. 직접 확인하십시오}}",
  "cases.outsideActor": "채팅 API (chatwarden 밖)",
  "cases.foundAtFirstSync": "첫 동기화에서 발견",
  "cases.liftedEarly": "종료 전에 해제됨{hasEnd, select, yes { (종료 예정: {end})} other {}}",
  "cards.case.title": "처리 기록 #{number}: {command}{hasTarget, select, yes { {target}} other {}}",
  "cards.case.by": "처리자",
  "cards.case.outcome": "결과",
  "cards.case.when": "일시",
  "cards.case.arguments": "인자",
  "cards.case.reason": "사유",
  "cards.case.error": "오류",
  "cards.case.outcomeWords":
    "{outcome, select, pending {진행 중} success {완료} failed {실패} denied {거부됨} other {알 수 없음: 다시 처리하기 전에 확인 필요}}",
  "cards.case.moreRefusals":
    "마지막 게시 이후 {actor} 님의 명령어가 {count}건 더 거부되었습니다. 처리 기록으로 남겼으며 하나씩 게시하지는 않았습니다",
  "cards.asOf":
    "신고 피드의 마지막 폴링 기준 신고입니다({unit, select, now {방금} seconds {{count}초 전} minutes {{count}분 전} hours {{count}시간 전} other {{count}일 전}}).",
} as const satisfies Translation<typeof english>;
