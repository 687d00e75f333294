import type { Translation } from "../catalogue-shape.js";
import type { answers as english } from "../en/answers.js";

export const answers = {
  "answers.field.player": "플레이어",
  "answers.field.reason": "사유",
  "answers.echoWarning": "{difference}: 다시 시도하기 전에 채팅 금지 목록(bans)을 확인하십시오",
  "answers.unreadable":
    "{count, plural, other {{noun, select, ban {채팅 금지} other {신고}} {count}건을 읽지 못해 표시하지 않습니다}}: {problems}",

  "unban.title": "{player} 채팅 금지 해제",
  "unban.titleNotBanned": "{player}의 채팅 금지가 없었습니다",
  "unban.titleUnconfirmed": "{player} 채팅 금지 해제가 확인되지 않았습니다",
  "unban.nothingChanged":
    "채팅 API에 이 플레이어의 진행 중인 채팅 금지가 없었습니다. 바뀐 것은 없습니다.",

  "bans.titleOne": "{player} 채팅 금지",
  "bans.title": "채팅 금지: {count}명",
  "bans.column.player": "플레이어",
  "bans.column.count": "횟수",
  "bans.column.start": "시작",
  "bans.column.end": "종료",
  "bans.column.reason": "사유",
  "bans.column.by": "처리자",
  "bans.emptyOne": "{player}의 진행 중인 채팅 금지가 없습니다.",
  "bans.empty": "채팅 금지 중인 플레이어가 없습니다.",

  "history.title": "{player} 이력",
  "history.field.ban": "현재 채팅 금지",
  "history.banned": "예, {count}번째 채팅 금지",
  "history.notBanned": "없음",
  "history.field.until": "종료",
  "history.field.next": "다음 제재 단계",
  "history.next": "채팅 금지 {days}일 ({offence}차 위반)",
  "history.field.against": "받은 신고",
  "history.field.by": "한 신고",
  "history.field.cases": "처리 기록 ({count})",
  "history.noCases": "없음",
  "history.action.ban": "채팅 금지…",
  "history.column.side": "구분",
  "history.side": "{side, select, against {받은 신고} other {한 신고}}",
  "history.noReports": "이 플레이어가 받거나 한 신고가 없습니다.",
  "history.case":
    "#{number} {what}, {actor} ({platform}), {when}{hasReason, select, yes {: {reason}} other {}}{outcome, select, failed { [실패]} denied { [거부됨]} pending { [진행 중이거나 중단됨: 결과가 아직 기록되지 않음]} unknown { [결과 알 수 없음: 다시 처리하기 전에 확인 필요]} other {}}{nothingChanged, select, yes { [채팅 금지 중이 아니었음: 바뀐 것 없음]} other {}}",
  "history.caseBan": "채팅 금지 {days}일",
  "history.caseBanReplacing": "채팅 금지 {days}일 ({end}까지였던 채팅 금지를 대체)",
  "history.caseDismiss": "신고 #{report} 기각",

  "report.notFound": "신고 #{report} 없음",
  "report.notReadByFeed":
    "신고 피드가 이 번호의 신고를 읽은 적이 없습니다. 마지막 폴링 뒤에 들어온 신고는 다음 폴링 때 카드가 만들어집니다. `reports` 명령어는 채팅 API의 목록을 바로 읽습니다.",
  "report.notListed": "채팅 API 목록에 이 번호의 신고가 없습니다.",
  "report.preview":
    "신고 피드가 아직 이 신고를 읽지 않았습니다. 실행 중인 봇(신고 채널을 설정한 chatwarden serve)이 다음 폴링에서 읽으면 처리 버튼이 나타납니다.",

  "reports.title": "신고: {count}건",
  "reports.titleOf": "{player} 관련 신고: {count}건",
  "reports.empty": "신고가 없습니다.",
  "reports.emptyOf": "{player} 관련 신고가 없습니다.",
  "reports.readAsLimit":
    "숫자 하나만 쓰면 최대 개수(limit)로 읽습니다: {number}. 플레이어 {number}의 관련 신고를 보려면 최대 개수도 함께 입력하십시오: reports {number} {limit}",
  "reports.newest": "최근 {shown}건을 표시합니다(전체 {total}건). 더 보려면 limit를 늘리십시오.",
  "reports.column.when": "일시",
  "reports.column.reported": "신고 대상",
  "reports.column.by": "신고자",
  "reports.column.category": "분류",
  "reports.column.reason": "사유",
  "reports.column.message": "메시지",

  "open.title": "대기 중인 신고 카드: {count}건, 우선순위 높은 순",
  "open.titleOf": "{player} 대상 대기 중인 신고 카드: {count}건, 우선순위 높은 순",
  "open.column.priority": "우선순위",
  "open.column.player": "플레이어",
  "open.column.reports": "신고 수",
  "open.column.opened": "접수",
  "open.column.why": "근거",
  "open.priority": "{level, select, high {높음} medium {보통} other {낮음}}",
  "open.empty": "모더레이터를 기다리는 신고 카드가 없습니다.",
  "open.first": "처음 {shown}건을 표시합니다(전체 {total}건). 더 보려면 limit를 늘리십시오.",
  "open.hint": "report {report} 명령어로 카드와 처리 버튼을 볼 수 있습니다",
  "open.noPoll":
    "신고 피드가 아직 신고 목록을 읽지 않았습니다. 실행 중인 봇(신고 채널을 설정한 chatwarden serve)이 폴링하면서 카드를 만듭니다.",

  "dismiss.title": "신고 #{report} 기각",
  "dismiss.together": "{player} 대상 신고 {count}건을 함께 기각했습니다.",
  "dismiss.onlyOne": "카드에 이 신고 하나뿐이어서 카드도 처리되었습니다.",
  "dismiss.titleAlone": "신고 #{report}만 기각",
  "dismiss.remaining": "{player} 대상 신고 {count}건은 카드에 대기 중으로 남습니다.",

  "take.released": "신고 #{report} 담당 해제",
  "take.releasedText": "카드에 더 이상 담당 중으로 표시되지 않습니다.",
  "take.takenMeanwhile": "신고 #{report}: 그사이 다른 모더레이터가 담당했습니다",
  "take.takenMeanwhileText": "방금 다른 모더레이터가 담당했습니다. 넘겨받으려면 다시 담당하십시오.",
  "take.took": "신고 #{report} 담당",
  "take.tookText":
    "카드에 담당 중으로 표시됩니다. 다른 모더레이터가 처리하려 하면 먼저 묻습니다. 더 오래 담당하려면 다시 담당하고, 끝나면 담당 해제(take {report} --release)를 누르십시오. 채팅 금지나 기각으로도 담당이 해제됩니다.",
  "take.tookUntilText":
    "카드에 {until}까지 담당 중으로 표시됩니다. 다른 모더레이터가 처리하려 하면 먼저 묻습니다. 더 오래 담당하려면 다시 담당하고, 끝나면 담당 해제(take {report} --release)를 누르십시오. 채팅 금지나 기각으로도 담당이 해제됩니다.",
  "take.notHeld": "신고 #{report}의 담당자가 아닙니다",
  "take.heldByOther":
    "{holder} ({platform}) 님이 담당 중입니다. 담당한 사람만 해제할 수 있습니다({until}에 만료).",
  "take.heldByNobody": "지금은 아무도 담당하고 있지 않습니다. 담당이 해제되었거나 만료되었습니다.",

  "taken.one":
    "{holder} ({platform}) 님이 {minutes, plural, =0 {방금} other {{minutes}분 전에}} 담당한 {report, select, none {신고} other {신고 #{report}}}",
  "taken.question":
    "{taken}입니다. {ask, select, takeOver {넘겨받으시겠습니까?} takeAgain {넘겨받으려면 다시 담당하십시오.} other {그래도 진행하시겠습니까?}}",

  "announce.noGroup": "{group} 채널 그룹이 없습니다",
  "announce.noGroups": "채팅 API에 채널 그룹이 없습니다.",
  "announce.groups": "채팅 API의 채널 그룹: {names}.",
  "announce.noChannel": "{group}에 {channel} 채널이 없습니다",
  "announce.noChannels": "{group}에 채널이 없습니다.",
  "announce.channels": "{group}의 채널: {names}.",
  "announce.noneNow": "지금은 채팅 API 목록에 하나도 없습니다.",
  "announce.namesMore": "{names} 외 {more}개",
  "announce.question":
    '{group}의 {channel}에 있는 모든 플레이어에게 이 시스템 메시지를 보내시겠습니까? "{message}"',
  "announce.questionNumbers":
    '{group}의 {channel}({count, plural, other {채널 번호}} {numbers})에 있는 모든 플레이어에게 이 시스템 메시지를 보내시겠습니까? "{message}"',
  "announce.echoWarning": "채널 번호 {number}: {difference}.",
  "announce.noLongerListed": "{group}의 채널 목록에 더 이상 없습니다",
  "announce.missed": "채널 번호 {number}에는 전달되지 않았습니다: {error}",
  "announce.failed": "공지 실패",
  "announce.noEndpoint":
    "이 채팅 API는 시스템 메시지를 지원하지 않습니다: {method} {path}에 HTTP 404로 응답했습니다",
  "announce.nothingAnnounced": "{error}. 공지하지 않았습니다.",
  "announce.title": "{group}의 {channel}에 공지",
  "announce.titlePartly": "{group}의 {channel}에 공지 (일부 채널 번호에는 전달되지 않음)",
  "announce.field.message": "메시지",
  "announce.field.numbers": "{count, plural, other {채널 번호}}",
  "announce.checkChannel": "다시 시도하기 전에 채널을 확인하십시오.",

  "filter.question":
    "신고 #{report}의 단어 {count}개를 {language} 금칙어 목록에 추가하시겠습니까? 추가할 단어: {words}. 추가하면 플레이어가 채팅에서 이 단어를 쓸 수 없습니다.",
  "filter.listed": "{count, plural, other {이미 금칙어 목록에 있는 단어: {words}.}}",
  "filter.nothingNew": "{language} 금칙어 목록에 새로 추가할 단어가 없습니다",
  "filter.fromReport": "신고 #{report}에서 가져온 단어입니다.",
  "filter.fromReportAgainst": "{name} ({id}) 대상 신고 #{report}에서 가져온 단어입니다.",
} as const satisfies Translation<typeof english>;
