import type { Translation } from "../catalogue-shape.js";
import type { catalogue as english } from "../en/catalogue.js";

// Summaries and descriptions are short noun phrases (Discord shows them under the command's
// name, help in a column); refusals and questions are 합니다체. Command words and option names
// (ban, gamer_id, --reason) stay as typed: they are what a moderator types.
export const catalogue = {
  "command.announce.summary": "채널의 모든 플레이어에게 시스템 메시지 보내기",
  "command.badwordsAdd.summary": "언어별 금칙어 목록에 단어 추가",
  "command.badwordsList.summary": "금칙어 목록 보기 (전체 또는 한 언어)",
  "command.badwordsRemove.summary": "언어별 금칙어 목록에서 단어 삭제",
  "command.ban.summary": "플레이어의 채팅을 며칠 동안 금지",
  "command.bans.summary": "채팅 금지 목록 (곧 끝나는 순)",
  "command.channelsCreate.summary": "공개 채널 만들기",
  "command.channelsDelete.summary": "공개 채널 삭제 (그 이름의 모든 채널 번호)",
  "command.channelsList.summary": "공개 채널 그룹 목록, 또는 한 그룹의 채널 목록",
  "command.dismiss.summary":
    "신고 기각 (--only가 없으면 카드의 다른 신고도 함께): 플레이어는 제재하지 않음",
  "command.filter.summary": "신고 메시지의 단어를 언어별 금칙어 목록에 추가",
  "command.help.summary": "명령어 목록, 또는 한 명령어의 설명",
  "command.history.summary": "플레이어의 처리 기록, 현재 채팅 금지, 다음 제재 단계, 관련 신고",
  "command.report.summary": "신고 카드: 우선순위와 조치 (제재 단계의 채팅 금지, 기각, 이력)",
  "command.reports.summary": "신고 목록 (최신순); --open: 대기 중인 신고 (우선순위 높은 순)",
  "command.stats.summary": "24h, 7d, 30d 처리 통계: 신고, 처리까지 걸린 시간, 처리자, 대기",
  "command.take.summary": "신고 담당: 카드에 담당 중으로 표시 ({minutes}분); --release로 담당 해제",
  "command.unban.summary": "플레이어의 채팅 금지 해제",

  "command.announce.arg.group": "채널 그룹",
  "command.announce.arg.channel": "채널",
  "command.announce.arg.message": "채널의 모든 플레이어가 보는 글, 한 줄 {max}자 이내",
  "command.ban.arg.gamerId": "채팅을 금지할 플레이어",
  "command.bans.arg.gamerId": "이 플레이어의 채팅 금지만",
  "command.channelsCreate.arg.group": "채널 그룹",
  "command.channelsCreate.arg.name": "새 채널의 이름",
  "command.channelsCreate.arg.maxCount": "채널 번호 하나의 최대 인원",
  "command.channelsCreate.arg.default": "그룹의 기본 채널로 할지 (예 또는 아니오, 생략하면 아니오)",
  "command.channelsDelete.arg.group": "채널 그룹",
  "command.channelsDelete.arg.name": "삭제할 채널",
  "command.channelsList.arg.group": "목록을 볼 채널 그룹",
  "command.dismiss.arg.reportId": "기각할 신고",
  "command.dismiss.arg.only": "이 신고만: 카드의 다른 신고는 대기 중으로 남음 (dismiss 41 --only)",
  "command.filter.arg.reportId": "단어를 가져올 메시지의 신고",
  "command.help.arg.command": "설명할 명령어, 예: ban, channels",
  "command.history.arg.gamerId": "플레이어",
  "command.report.arg.reportId": "신고 번호 (카드나 reports에 표시된 번호)",
  "command.reports.arg.gamerId": "이 플레이어가 받거나 한 신고만",
  "command.reports.arg.limit":
    "최대 신고 수, 1~{max} (기본 {default}); 숫자만 쓰면 개수 (reports 20), 또는 --limit 20",
  "command.reports.arg.open":
    "아무도 처리하지 않은 신고 카드만, 우선순위 높은 순, 다음은 오래된 순",
  "command.stats.arg.period": "기간: {periods} (기본 {default})",
  "command.stats.arg.periodRule": "period는 {periods} 중 하나여야 합니다",
  "command.take.arg.reportId": "담당할 신고 (카드나 reports에 표시된 번호)",
  "command.take.arg.release": "담당한 신고의 담당 해제",
  "command.unban.arg.gamerId": "채팅 금지를 해제할 플레이어",

  "argument.gamerId.description": "{purpose}: gamer_id, 또는 봇이 본 플레이어 이름",
  "argument.gamerId.required": "gamer_id를 입력해야 합니다",
  "argument.gamerId.requiredOrName": "gamer_id를 입력해야 합니다: gamer_id 또는 플레이어 이름",
  "argument.gamerId.rule":
    "gamer_id는 gamer_id(공백 없이 보이는 문자 1~{maxId}자)이거나 한 줄에 {maxName}자 이내의 플레이어 이름이어야 합니다",
  "argument.days.description": "채팅 금지 기간(일), 1~{max} (3, 3일, 3d, 2주, 2w)",
  "argument.days.required": "days를 입력해야 합니다",
  "argument.days.rule": "days는 1~{max}일이어야 합니다: 3, 3일, 3d, 2주, 2w처럼 입력하십시오",
  "argument.reason.description": "사유, 처리 기록과 감사 채널에 남음",
  "argument.reason.tooLong": "reason은 {max}자 이내여야 합니다",
  "argument.name.rule":
    "{name} 값은 {max}자 이내의 비어 있지 않은 {kind, select, group {채널 그룹} other {채널 이름}}이어야 합니다",
  "argument.freeText.notText": "{name} 값은 텍스트여야 합니다",
  "argument.freeText.empty": "{name} 값이 비어 있습니다",
  "argument.freeText.tooLong": "{name} 값은 {max}자 이내여야 합니다. 지금은 {length}자입니다",
  "argument.freeText.oneLine": "{name} 값은 줄바꿈이나 다른 제어 문자 없이 한 줄이어야 합니다",
  "argument.integer.rule": "{name} 값은 1~{max}의 정수여야 합니다",
  "argument.boolean.rule": "{name} 값은 예 또는 아니오여야 합니다",
  "argument.language.description": "all, 또는 언어의 문화권 코드",
  "argument.language.rule": "language는 all 또는 ko-kr, en-us 같은 문화권 코드여야 합니다",
  "argument.words.description": "단어나 문구 (공백이 있는 문구는 따옴표로 묶기)",
  "argument.words.rule": "words는 비어 있지 않은 단어나 문구가 하나 이상이어야 합니다",
  "argument.words.tooLong": "단어는 각각 {max}자 이내여야 합니다",
  "argument.unclosedQuote":
    "{position}번째 문자의 따옴표가 닫히지 않았습니다 ({excerpt}): 문구를 {apostrophe, select, yes {단어 끝의 {close}} other {{close}}} 기호로 닫거나, 따옴표를 글자로 쓰려면 \\{quote}처럼 입력하십시오",

  "parse.noArgument": "{command}에는 {names} 인자가 없습니다 (사용법: {usage})",
  "parse.required": "{name} 값을 입력해야 합니다: {description}, 예: {example} (사용법: {usage})",
  "parse.invalid": "{name} 값이 올바르지 않습니다",
  "parse.typeCommand": "명령어를 입력하십시오. help로 목록을 볼 수 있습니다.",
  "parse.noOption": "{command}에는 --{name} 옵션이 없습니다 (사용법: {usage})",
  "parse.needsValue": "--{name}에는 값이 필요합니다 (사용법: {usage})",
  "parse.tooMany": '인자가 너무 많습니다: "{words}" (사용법: {usage})',
  "parse.unknownCommand": '"{word}" 명령어는 없습니다{offer}. 명령어: {commands}.',
  "parse.unknownCommandOfSurface":
    '"{word}" 명령어는 없습니다{offer}. 명령어: {surface}; 채팅 명령어: {commands}.',
  "parse.noSubcommand":
    '{group}에는 "{word}" 하위 명령어가 없습니다{offer}. {subcommands} 중 하나를 고르십시오.',
  "parse.needsSubcommand": "{group}에는 하위 명령어가 필요합니다: {subcommands}.",
  "parse.didYouMean": " (비슷한 명령어: {names})",

  "explain.summary":
    "{summary}. 권한: {role, select, anyone {모두} moderator {모더레이터} admin {관리자} other {{role}}}.",
  "explain.argument":
    "{name}{optional, select, yes { (선택)} other {}}: {description}{shown, select, yes {, 예: {example}} other {}}",

  "help.title": "chatwarden 명령어",
  "help.column.command": "명령어",
  "help.column.summary": "하는 일",
  "help.column.role": "권한",
  "help.who":
    "{role, select, anyone {모두} moderator {모더레이터{yours, select, yes {} other { (권한 없음)}}} admin {관리자{yours, select, yes {} other { (권한 없음)}}} other {{role}}}",
  "help.empty": "명령어가 없습니다.",
  "help.notice": "help '<명령어>'로 명령어 하나를 예시와 함께 설명합니다.",
  "help.noCommand": '"{wanted}" 명령어는 없습니다',
  "help.tryOneOf": "{names} 중 하나를 입력해 보십시오.",
  "help.oneTitle": "{wanted} 도움말",

  "player.unknownName":
    "신고, 채널, 채팅 금지에서 본 적이 없는 플레이어 이름이고, gamer_id(공백 없이 보이는 문자 1~{max}자)도 아닙니다: {typed}",
  "player.unseenQuestion":
    "{gamerId} 플레이어는 신고, 채널, 채팅 금지에 나온 적이 없습니다. 그래도 {command} 명령어를 실행하시겠습니까?",
  "player.unseenNotice": "{gamerId} 플레이어는 신고, 채널, 채팅 금지에 나온 적이 없습니다.",
  "player.isId": "{typed}의 gamer_id는 {gamerId}입니다",
  "report.notKnownYet.title": "아직 읽지 않은 신고 #{reportId}",
  "report.notKnownYet.description":
    "신고 피드가 아직 이 신고를 읽지 않았습니다. 실행 중인 봇(신고 채널을 설정한 chatwarden serve)이 폴링할 때마다 새 신고를 읽습니다. reports 명령어로 번호를 확인하십시오.",

  "runner.unknownCommand.title": "알 수 없는 명령어",
  "runner.unknownCommand.description":
    '"{command}" 명령어는 없습니다. help로 명령어 목록을 확인하십시오.',
  "runner.denied.title": "권한 없음",
  "runner.denied.description":
    "{command}에는 {role, select, moderator {모더레이터} admin {관리자} other {{role}}} 권한이 필요한데, {actor} 님은 {held, select, anyone {모더레이터도 관리자도 아닙니다} moderator {모더레이터입니다} admin {관리자입니다} other {{held}입니다}}.",
  "runner.denied.recorded":
    "{role, select, moderator {모더레이터} admin {관리자} other {{role}}} 권한 필요",
  "runner.invalidArguments": "{command}의 인자가 올바르지 않습니다",
  "runner.choice.title": "어느 {typed}입니까?",
  "runner.choice.description":
    "이름이 {typed}인 플레이어가 {count}명입니다{more, select, yes {. 표시된 것보다 더 많으니, 다른 플레이어라면 id를 입력하십시오} other {}}. 하나를 고르거나 id를 입력하십시오. 이 질문은 {seconds}초 후 만료됩니다.",
  "runner.choice.player": "플레이어",
  "runner.choice.lastSeen": "마지막으로 본 시각",
  "runner.cancel": "취소",
  "runner.confirm": "확인",
  "runner.press.expiredTitle": "만료된 선택",
  "runner.press.unknown":
    "더 이상 알 수 없는 버튼입니다(오래전에 만료되었거나 chatwarden의 버튼이 아닙니다). 명령어를 다시 실행하십시오.",
  "runner.press.expired":
    "이 {noun, select, choice {선택} confirmation {확인} other {페이지}} 버튼은 {seconds}초 동안만 쓸 수 있었습니다. 명령어를 다시 실행하십시오.",
  "runner.press.notYoursTitle": "다른 사람의 버튼",
  "runner.press.notYours":
    "이 {noun, select, choice {선택} confirmation {확인} other {페이지}} 버튼은 {invoker} 님만 쓸 수 있습니다.",
  "runner.press.notAnAnswer": "이 질문의 답이 아닙니다.",
  "runner.press.decidedTitle": "이미 결정됨",
  "runner.press.decided":
    "이 {noun, select, choice {선택} confirmation {확인} other {페이지}}에는 {known, select, no {다른 사람} other {{winner} 님}}이 이미 답했습니다.",
  "runner.cancelled.title": "취소됨",
  "runner.cancelled.description": "{command} 명령어를 실행하지 않았습니다. 바뀐 것은 없습니다.",
  "runner.confirm.title": "확인해 주십시오",
  "runner.confirm.description": "{question} 이 질문은 {seconds}초 후 만료됩니다.",
  "runner.notDone.title": "{command} 명령어를 실행하지 않았습니다",
  "runner.notDone.description":
    "처리 기록을 남기지 못해 채팅 API에 아무것도 보내지 않았습니다: {problem}.",
  "runner.caseNotRecorded":
    "{failed, select, yes {채팅 API에서 실패했지만} other {채팅 API에서 처리했지만}} 처리 기록을 남기지 못했습니다: {problem}. 처리 기록 #{number}의 결과는 저장소가 다시 응답하면 기록됩니다. 그 전에 chatwarden이 멈추면 다음 시작 때 기록됩니다.",
  "runner.case": "처리 기록 #{number}",
  "runner.failed": "{command} 실패",
  "runner.noPage.title": "{page}페이지는 없습니다",
  "runner.noPage.description":
    "{count, plural, =1 {1페이지뿐입니다.} other {{count}페이지가 있습니다: 1~{count} 중에서 페이지를 고르십시오.}}",
  "runner.previousPage": "이전 페이지",
  "runner.nextPage": "다음 페이지",
  "runner.storeDown.title": "아무것도 하지 않았습니다",
  "runner.storeDown.description":
    "지금은 chatwarden이 아무것도 기록할 수 없습니다: {problem}. 아무것도 하지 않았습니다. 저장소가 돌아오면 다시 시도하십시오.",

  "chatApi.credentials":
    "채팅 API가 마스터 토큰을 거부했습니다 (400701): CHAT_API_TOKEN을 확인하십시오",
  "chatApi.http":
    "채팅 API가 {call}에 HTTP {status} 상태로 응답했습니다{detail, select, none { (오류 메시지 없음)} message {: {apiMessage}} other {: {apiMessage} ({code})}}",
  "chatApi.rateLimited":
    "채팅 API가 {call} 호출 횟수를 제한하고 있습니다 (HTTP 429){seconds, select, none {} other {. {seconds}초 후 다시 시도하십시오}}",
  "chatApi.notJson":
    '채팅 API가 {call}에 HTTP {status} 상태와 JSON이 아닌 본문으로 응답했습니다 (프록시 오류 페이지?): "{excerpt}"',
  "chatApi.schema": "채팅 API의 {call} 응답이 명세와 다릅니다: {field}: {problem}",
  "chatApi.tooLarge": "채팅 API의 {call} 응답이 {megabytes} MB보다 큽니다",
  "chatApi.timeout": "채팅 API가 {seconds}초 안에 {call}에 응답하지 않았습니다",
  "chatApi.network": "{call} 호출을 위해 {origin}의 채팅 API에 연결하지 못했습니다 ({reason})",
  "chatApi.mayHaveApplied":
    "{message}. 변경이 적용되었을 수 있으니 다시 시도하기 전에 확인하십시오",

  "slash.announce": "공지",
  "slash.badwords": "금칙어",
  "slash.ban": "채팅금지",
  "slash.bans": "채팅금지목록",
  "slash.channels": "채널",
  "slash.dismiss": "기각",
  "slash.filter": "금칙어등록",
  "slash.help": "도움말",
  "slash.history": "이력",
  "slash.report": "신고",
  "slash.reports": "신고목록",
  "slash.stats": "통계",
  "slash.take": "담당",
  "slash.unban": "채팅금지해제",
  "slash.add": "추가",
  "slash.list": "목록",
  "slash.remove": "삭제",
  "slash.create": "만들기",
  "slash.delete": "삭제",
  "slash.gamerId": "플레이어",
  "slash.days": "일수",
  "slash.reason": "사유",
  "slash.reportId": "신고번호",
  "slash.only": "이것만",
  "slash.release": "담당해제",
  "slash.language": "언어",
  "slash.words": "단어",
  "slash.group": "채널그룹",
  "slash.channel": "채널",
  "slash.message": "메시지",
  "slash.name": "이름",
  "slash.maxCount": "최대인원",
  "slash.default": "기본채널",
  "slash.limit": "개수",
  "slash.open": "대기중",
  "slash.period": "기간",
  "slash.command": "명령어",
  "slash.choice.24h": "24시간",
  "slash.choice.7d": "7일",
  "slash.choice.30d": "30일",
  "slash.groupDescription": "{group}: {subcommands}",
  "slash.wordsField":
    '단어나 문구, 예: 사기, 골드 판매 또는 사기 "골드 판매" (쉼표가 없으면 공백으로 구분)',

  "slack.umbrellaDescription": "모든 chatwarden 명령어 (이 워크스페이스에서 이미 쓰는 이름용)",
} as const satisfies Translation<typeof english>;
