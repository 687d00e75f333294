import type { Translation } from "../catalogue-shape.js";
import type { terminal as english } from "../en/terminal.js";

export const terminal = {
  "terminal.console.welcome":
    "chatwarden 콘솔: help를 입력하면 명령어 목록을 볼 수 있습니다. Tab으로 자동 완성하고, exit로 나갑니다.",
  "terminal.console.choosePrompt":
    "{count, plural, =1 {1 선택} other {1-{count} 중 선택}} (Enter: 건너뛰기)> ",
  "terminal.console.chooseHint":
    "{count, plural, =1 {1을} other {1부터 {count} 사이의 번호를}} 고르거나{confirmation, select, yes { 예/아니오로 답하거나} other {}} Enter로 건너뛰십시오",
  "terminal.console.noYesOrNo": "여기에는 예/아니오로 답할 질문이 없습니다. {hint}.",
  "terminal.console.noSuchChoice": "{text}번 선택지는 없습니다. {hint}.",
  "terminal.console.neitherChoiceNorCommand": '"{text}": 선택지도 명령어도 아닙니다. {hint}.',
  "terminal.console.completeTheLine": "명령줄을 완성하십시오: {missing} 입력 후 Enter",
  "terminal.console.typeThis": "입력할 명령어: {line}",
  "terminal.console.somethingWentWrong": "문제가 발생했습니다: {message}",
  "terminal.unanswered":
    "{how, select, cancelled {취소했습니다} other {건너뛰었습니다}}{nothingDone, select, yes {: 아무것도 하지 않았습니다} other {}}",

  "terminal.page.notANumber": "--page에는 페이지 번호를 입력해야 합니다",
  "terminal.page.notWhole": "--page에는 정수를 입력해야 합니다",
  "terminal.page.tooLow": "--page는 1 이상이어야 합니다",
  "terminal.page.missing": "--page에 페이지 번호가 필요합니다 (예: --page 2)",
  "terminal.page.invalid": "--page가 올바르지 않습니다",

  "terminal.table.leftOut": "{width}칸 너비에 맞추느라 뺀 열: {columns}.",
  "terminal.time.now": "지금",
  "terminal.time.unknown": "알 수 없는 시각",

  "terminal.cardNews.opened": "새 신고 카드: {title}",
  "terminal.cardNews.updated": "갱신된 신고 카드: {title}",
  "terminal.cardNews.actionsHint": "report {reportId} 명령어로 처리할 수 있습니다",
  "terminal.cardNews.newReports": "새 신고 {count}건:",
  "terminal.cardNews.moreNewReports": "외 새 신고 {count}건",

  "terminal.oneShot.invalidArguments": "{command}의 인자가 올바르지 않습니다: {problem}",
  "terminal.oneShot.nextPage": "(다음 페이지: --page {next})",
  "terminal.oneShot.noTerminalToConfirm":
    "{command} 명령어는 확인이 필요한데 물어볼 터미널이 없습니다: 진행하려면 --yes를 붙이십시오 (아무것도 하지 않았습니다)",
  "terminal.oneShot.goAhead": "진행하시겠습니까? [예/아니오, 기본: 아니오] ",
  "terminal.oneShot.nameShared":
    "이름이 {typed}인 플레이어가 {count}명입니다: {ids}. id를 입력하십시오 (아무것도 하지 않았습니다)",
  "terminal.oneShot.whichOne": "어느 플레이어입니까? [1-{count}, Enter: 선택 안 함] ",
  "terminal.oneShot.noChatApi":
    '설정된 채팅 API가 없습니다: 환경 변수나 .env에 CHAT_API_BASE_URL과 CHAT_API_TOKEN을 설정하거나, "chatwarden demo"로 내장 에뮬레이터에서 명령어를 시험해 보십시오',

  "terminal.cli.warning": "경고: {warning}",
  "terminal.cli.noCommand":
    '"{word}" 명령어는 없습니다{offer}. 목록은 "chatwarden help"로 볼 수 있습니다',
  "terminal.failure.configuration": "설정: {problem}",

  "terminal.options.unknown": "{command}에는 {option} 옵션이 없습니다. {help}",
  "terminal.options.needsValue": "{option}에는 값이 필요합니다. {help}",
  "terminal.options.takesNoValue": "{option} 옵션은 값을 받지 않습니다. {help}",

  "terminal.backup.help": '설명은 "chatwarden backup --help"로 볼 수 있습니다',
  "terminal.backup.noFile":
    "backup에는 쓸 FILE이 필요합니다: chatwarden backup FILE [--force]. {help}",
  "terminal.backup.twoFiles": "backup은 FILE 하나만 받습니다. {help}",
  "terminal.backup.emptyFile": "FILE이 비어 있으면 안 됩니다. {help}",
  "terminal.backup.done": "처리 기록 {cases}건을 백업했습니다 ({size}): {file}",
  "terminal.backup.fileExists": "{problem}: 덮어쓰려면 --force를 붙이십시오",

  "terminal.cases.help": '설명은 "chatwarden cases --help"로 볼 수 있습니다',
  "terminal.cases.noSubcommand":
    "cases에는 하위 명령어가 필요합니다: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]. {help}",
  "terminal.cases.unknownSubcommand":
    'cases에는 "{subcommand}" 하위 명령어가 없습니다{offer}. 하위 명령어는 export 하나뿐입니다. {help}',
  "terminal.cases.extraArgument":
    'cases export는 인자를 받지 않습니다: "{argument}". 범위는 --since와 --until로 지정하십시오. {help}',
  "terminal.cases.unknownFormat":
    '알 수 없는 형식 "{format}": --format 값은 {formats} 중 하나입니다. {help}',
  "terminal.cases.rangeReversed":
    "--until {until} 시각이 --since {since} 시각보다 앞서므로 범위에 처리 기록이 있을 수 없습니다",
  "terminal.cases.notADate":
    '{option} "{text}": 날짜가 아닙니다. 2026-11-01(하루, UTC) 또는 2026-11-01T09:30:00Z(시각, Z나 +09:00 같은 오프셋 포함) 형식으로 쓰십시오',
  "terminal.cases.noTimeZone":
    '{option} "{text}": 시간대가 없습니다. UTC면 Z를, 아니면 +09:00 같은 오프셋을 붙이십시오',
  "terminal.cases.exportFailed": "내보내기에 실패했으므로 출력은 불완전합니다: {problem}",

  "terminal.manifest.help": '설명은 "chatwarden manifest --help"로 볼 수 있습니다',
  "terminal.manifest.httpNotHttps":
    "--http에는 Slack이 봇에 접속할 https:// URL을 지정합니다 (예: https://bot.example.com)",
  "terminal.manifest.httpWithQuery": "--http의 URL에는 쿼리나 프래그먼트를 붙이지 않습니다",
  "terminal.manifest.httpSlackOnly": "--http는 slack에만 쓸 수 있습니다",
  "terminal.manifest.httpTwice": "--http가 두 번 지정되었습니다. {help}",
  "terminal.manifest.httpNeedsUrl": "--http에는 URL이 필요합니다. {help}",
  "terminal.manifest.unknownOption": "{option} 옵션은 없습니다. {help}",
  "terminal.manifest.noPlatform": "플랫폼을 지정하십시오: slack 또는 discord. {help}",
  "terminal.manifest.unexpected": '예상하지 못한 인자: "{word}". {help}',
  "terminal.manifest.unknownPlatform": '"{platform}" 플랫폼은 없습니다: slack 또는 discord. {help}',

  "terminal.demo.folder":
    "데모 데이터: {folder} (처리 기록{withLog, select, yes { 및 {logFile}} other {}}. 시작할 때마다 비우며, 실제 채팅 API의 데이터와 따로 보관합니다)",
  "terminal.demo.emulator":
    "{why, select, serving {CHAT_API_BASE_URL이 설정되지 않았습니다} other {chatwarden demo}}: 내장 chat/v1 에뮬레이터를 데모 데이터로 실행합니다: {baseUrl}",
  "terminal.demo.token":
    "마스터 토큰: {token}   (시험: curl -H 'Authorization: Bearer {token}' {baseUrl}/report_list)",

  "terminal.usage.processCommands": `사용법: chatwarden '<command>'

  serve        봇 (npm start가 실행하는 것). CHAT_API_BASE_URL이 없으면 내장 에뮬레이터와
               데모 데이터로 실행합니다 (터미널에서는 콘솔도 엽니다)
  demo         내장 에뮬레이터와 데모 데이터, 그리고 모든 명령어를 시험해 볼 콘솔
  emulator     chat/v1 에뮬레이터만 실행:
               chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                                   [--report-every SECONDS] [--controls]
  doctor       설정, DATA_DIR, 채팅 API, 플랫폼을 점검하고 항목마다 한 줄로 해결 방법을
               알려 줍니다: chatwarden doctor [--json]
  backup       봇이 실행 중일 때 저장소의 일관된 사본: chatwarden backup FILE [--force]
  cases        기간 내 모든 처리 기록을 CSV나 JSON Lines로 표준 출력에:
               chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]
  manifest     카탈로그에서 만든 Slack 앱 매니페스트나 Discord 명령어 정의:
               chatwarden manifest slack [--http URL] | discord
  help         이 목록. chatwarden help '<command>'는 명령어 하나를 설명합니다
`,
  "terminal.usage.chatCommands": `채팅 명령어 (CHAT_API_BASE_URL에 한 번 실행, 성공하면 종료 코드 0):
  chatwarden '<command>' [args] [--reason R] [--json] [--yes] [--page N]`,
  "terminal.usage.serve": `사용법: chatwarden serve

  봇: 변수가 설정된 모든 어댑터(Discord, Slack), 신고 피드, 그리고 PORT의 HTTP
  (/healthz, /readyz, /metrics, /slack/events). 설정은 환경 변수와 .env에서 읽습니다.
  먼저 "chatwarden doctor"로 점검하십시오.
  CHAT_API_BASE_URL이 없으면 대신 내장 에뮬레이터를 데모 데이터로 실행합니다: 처리 기록은
  DATA_DIR/demo에 쌓이고, HTTP는 127.0.0.1에서만 받으며, 터미널에서는 콘솔이 열립니다.
  SIGTERM이나 Ctrl-C로 정상 종료합니다: 새 작업은 받지 않고, 진행 중인 명령어와 전송은
  끝까지 처리하며(최대 10초), 보내지 못한 것은 다음 시작 때 보냅니다. 신호를 한 번 더
  보내면 즉시 멈춥니다.
`,
  "terminal.usage.demo": `사용법: chatwarden demo

  내장 chat/v1 에뮬레이터와 데모 데이터(새 신고가 계속 들어옵니다), 그리고 모든 명령어를
  시험해 볼 콘솔. 처리 기록과 로그는 DATA_DIR/demo에 쌓이며, 시작할 때마다 비우고 실제
  배포의 데이터와 따로 보관합니다. 에뮬레이터는 127.0.0.1에서만 받습니다.
  exit, quit, Ctrl-D, 또는 빈 줄에서 Ctrl-C로 나갑니다.
`,
  "terminal.usage.backup": `사용법: chatwarden backup FILE [--force]

  봇이 실행 중일 때 DATA_DIR의 저장소를 FILE로 복사하고(SQLite 온라인 백업), 사본을
  점검한 뒤(PRAGMA integrity_check) 처리 기록이 몇 건인지 출력합니다. 사본은 FILE 옆에
  먼저 쓴 뒤 이름을 바꿔 옮기므로, 백업이 실패하면 FILE에는 아무것도 남지 않습니다.

  --force   FILE이 이미 있으면 덮어씁니다

  복원하려면: 봇을 멈추고, FILE을 DATA_DIR/chatwarden.sqlite로 복사하고, 그 옆의
  chatwarden.sqlite-wal과 chatwarden.sqlite-shm을 지운 뒤 봇을 시작하십시오.

  DATABASE_URL이 설정되어 있으면 저장소는 PostgreSQL입니다: pg_dump "$DATABASE_URL" > file로 백업하십시오.
`,
  "terminal.usage.cases": `사용법: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]

  기간 안에 기록된 모든 처리 기록을 오래된 것부터 표준 출력에 씁니다: 머리글이 있는 CSV
  (RFC 4180, 기본값) 또는 한 줄에 JSON 객체 하나(--format jsonl, history --json과 같은
  형태). 봇이 실행 중일 때도 저장소에서 흘려보내며, 처리 기록이 아무리 많아도 메모리는
  같습니다.

  --since DATE   이 날짜나 시각부터(포함). 없으면 첫 처리 기록부터
  --until DATE   이 시각까지(제외), 또는 이 날짜의 끝까지. 없으면 지금까지
  --format F     csv 또는 jsonl

  DATE는 날짜 2026-11-01(처리 기록이 표시되는 대로 UTC 기준 하루 전체) 또는 시간대가 있는
  시각 2026-11-01T09:30:00Z, 2026-11-01T18:30+09:00입니다. CSV에서 = + - @, 탭, 줄바꿈으로
  시작하는 칸은 앞에 ' 를 붙여 씁니다: 스프레드시트가 수식으로 실행하지 않고 글자로
  보여 주도록. JSON Lines는 모든 글을 그대로 담습니다.

  예: chatwarden cases export --since 2026-11-01 --until 2026-11-30 > november.csv
`,
  "terminal.usage.doctor": `사용법: chatwarden doctor [--json]

  설정, DATA_DIR, 채팅 API와 토큰, 그리고 설정되어 있다면 Discord(토큰, 애플리케이션 ID,
  서버, 신고·감사 채널 권한, 역할 ID)와 Slack(토큰, 스코프, 신고·감사 채널의 봇)을
  점검합니다. 항목마다 한 줄, 실패하면 해결 방법과 함께 보여 주며 아무것도 바꾸지 않습니다.
  실패한 항목이 없으면 종료 코드 0, 있으면 1입니다.
  --json은 대신 '{"ok": boolean, "checks": [{"name", "result", "detail", "fix"}]}'를 출력합니다.
`,
  "terminal.usage.manifest": `사용법: chatwarden manifest slack [--http URL]
       chatwarden manifest discord

  플랫폼에 알리는 chatwarden 명령어 정보를 카탈로그에서 만들어 출력합니다. 토큰이 필요 없고
  아무것도 바꾸지 않습니다.
  slack             Slack 앱 매니페스트(YAML): 사용법이 담긴 슬래시 명령어, 봇 스코프,
                    인터랙티브 기능, Socket Mode. https://api.slack.com/apps
                    -> Create New App -> From a manifest에 붙여 넣으십시오. slack-manifest.yml이 이 출력입니다.
  slack --http URL  HTTP 모드용: 슬래시 명령어와 인터랙티브 기능이
                    URL/slack/events를 씁니다 (봇의 PORT에 닿는 https:// 주소).
  discord           봇이 시작할 때 서버에 등록하는 그대로의 슬래시 명령어 정의(JSON).
`,

  "terminal.doctor.unknownOption":
    'doctor: 알 수 없는 옵션 "{option}"입니다. 사용법: chatwarden doctor [--json]',
  "terminal.doctor.allPassed": "점검 {total}개를 모두 통과했습니다.",
  "terminal.doctor.nonePassedSkipped":
    "점검 {total}개 중 {passed}개 통과({skipped}개 건너뜀), 실패 없음.",
  "terminal.doctor.warned": "경고 {count}개.",
  "terminal.doctor.someFailed":
    "점검 {total}개 중 {failed}개 실패{skipped, plural, =0 {} other {({skipped}개 건너뜀)}}.",
  "terminal.doctor.checkFailed": "점검 자체가 실패했습니다: {message}",
  "terminal.doctor.checkFailedFix": "chatwarden의 버그입니다: 이 줄과 함께 알려 주십시오",
  "terminal.doctor.seconds": "{value}초",
  "terminal.doctor.noConnection": "연결 없음",
  "terminal.doctor.configuration.changeFix": "환경 변수나 .env에서 여기 적힌 변수를 고치십시오",
  "terminal.doctor.configuration.valid": "올바름: {parts}",
  "terminal.doctor.configuration.invalidFix":
    "환경 변수나 .env에서 다음 변수를 올바른 값으로 설정하십시오: {variables} ({count}개). 그다음 doctor를 다시 실행해 나머지를 점검하십시오",
  "terminal.doctor.configuration.chatApiAt": "채팅 API {host}",
  "terminal.doctor.configuration.noChatApi": "채팅 API 없음 (데모 에뮬레이터)",
  "terminal.doctor.configuration.discord":
    "{on, select, yes {Discord 사용} other {Discord 사용 안 함}}",
  "terminal.doctor.configuration.slack":
    "{mode, select, socket {Slack 사용 (Socket Mode)} http {Slack 사용 (HTTP 모드)} other {Slack 사용 안 함}}",
  "terminal.doctor.dataDir.fix": "DATA_DIR을 이 사용자가 쓸 수 있는 폴더로 설정하십시오",
  "terminal.doctor.dataDir.canBeMade":
    "{folder} 폴더는 아직 없지만 만들 수 있습니다. serve가 처음 시작할 때 이 폴더와 그 안의 저장소를 만듭니다: {file}",
  "terminal.doctor.dataDir.noStoreYet":
    "{folder} 폴더에 쓸 수 있습니다. 아직 저장소가 없으며, serve가 처음 시작할 때 만듭니다: {file}",
  "terminal.doctor.dataDir.opens":
    "{folder} 폴더에 쓸 수 있고, 저장소를 읽기·쓰기로 열 수 있습니다: {file}",
  "terminal.doctor.database.fix":
    "DATABASE_URL을 확인하십시오 (postgres://user:password@host:5432/database)",
  "terminal.doctor.database.noStore": "{location}: 응답하지만 아직 chatwarden 저장소가 없습니다",
  "terminal.doctor.database.noStoreFix":
    "chatwarden serve를 한 번 시작하십시오: 테이블을 만듭니다 (또는 DATABASE_URL이 맞는 데이터베이스를 가리키는지 확인하십시오)",
  "terminal.doctor.database.behind": "{location}의 스키마 버전이 {version}입니다 (최신 {current})",
  "terminal.doctor.database.behindFix":
    "chatwarden serve를 시작하십시오: 시작할 때 데이터베이스를 마이그레이션합니다",
  "terminal.doctor.database.ahead":
    "{location}: 더 새로운 chatwarden이 마이그레이션했습니다 (스키마 버전 {version}, 이 chatwarden이 아는 것은 {current}까지)",
  "terminal.doctor.database.aheadFix": "모든 레플리카에서 새 chatwarden을 실행하십시오",
  "terminal.doctor.database.leader": "{since}부터 리더: {holder}",
  "terminal.doctor.database.noLeader": "지금 리더인 레플리카 없음",
  "terminal.doctor.database.current":
    "{location}: 응답합니다. 스키마가 최신입니다 (버전 {current}). {leads}",
  "terminal.doctor.database.timeout": "{location}: {seconds} 안에 응답하지 않았습니다",
  "terminal.doctor.database.timeoutFix":
    "DATABASE_URL의 호스트와 포트, 그리고 서버가 실행 중인지 확인하십시오",
  "terminal.doctor.chatApi.notConfigured":
    "설정 안 됨: serve는 내장 에뮬레이터를 데모 데이터로 실행합니다 (게임의 채팅을 쓰려면 CHAT_API_BASE_URL과 CHAT_API_TOKEN을 설정하십시오)",
  "terminal.doctor.chatApi.answered": "{where}: {ms}ms 만에 응답했습니다",
  "terminal.doctor.chatApi.accepted": "승인됨 (GET /open_channel_groups: 채널 그룹 {groups}개)",
  "terminal.doctor.chatApi.tokenFix": "CHAT_API_TOKEN을 chat/v1 마스터 토큰으로 설정하십시오",
  "terminal.doctor.chatApi.tokenNotChecked":
    "점검 안 함: 채팅 API가 chat/v1처럼 응답하지 않았습니다",
  "terminal.doctor.chatApi.rejected": "마스터 토큰을 거부했습니다 (400701)",
  "terminal.doctor.chatApi.networkFix":
    "CHAT_API_BASE_URL(호스트와 포트)과 이 컴퓨터에서 접속할 수 있는지 확인하십시오",
  "terminal.doctor.chatApi.timeoutFix":
    "채팅 API가 동작 중인지 확인하십시오. 느린 API라면 CHAT_API_TIMEOUT_MS를 늘리십시오",
  "terminal.doctor.rateLimitFix": "1분 기다린 뒤 doctor를 다시 실행하십시오",
  "terminal.doctor.chatApi.notChatV1Fix":
    "CHAT_API_BASE_URL이 프록시나 웹 페이지가 아닌 chat/v1 API 자체(/chat/v1로 끝남)를 가리키는지 확인하십시오",
  "terminal.doctor.chatApi.notFoundFix":
    "CHAT_API_BASE_URL을 확인하십시오: /chat/v1로 끝나야 합니다",
  "terminal.doctor.chatApi.failingFix":
    "채팅 API에 장애가 있습니다: 나중에 다시 시도하거나 API 운영 담당자에게 문의하십시오",

  "terminal.doctor.discord.permissionFix":
    "그 채널에서 봇의 역할에 {missing} 권한을 주십시오 (채널 편집 → 권한)",
  "terminal.doctor.discord.tokenNotChecked":
    "{why, select, refused {점검 안 함: Discord가 토큰을 받아들이지 않았습니다} other {점검 안 함: Discord가 응답하지 않았습니다}}",
  "terminal.doctor.discord.tokenValid": "올바름: 봇 {bot} ({id})",
  "terminal.doctor.discord.guildNotChecked":
    "{why, select, refused {점검 안 함: 봇이 서버에 없습니다} other {점검 안 함: 서버를 읽을 수 없습니다}}",
  "terminal.doctor.discord.member": "봇이 서버 {guild}의 멤버입니다",
  "terminal.doctor.discord.rolesNotRead": "점검 안 함: 서버의 역할을 읽을 수 없습니다",
  "terminal.doctor.discord.tokenRefused": "{refusal}: Discord가 DISCORD_TOKEN을 거부했습니다",
  "terminal.doctor.discord.tokenFix":
    "DISCORD_TOKEN을 봇의 토큰으로 설정하십시오 (Developer Portal → 앱 → Bot → Reset Token)",
  "terminal.doctor.discord.otherApplication":
    "DISCORD_APPLICATION_ID는 {configured}인데, 토큰은 애플리케이션 {id} ({name})의 봇입니다",
  "terminal.doctor.discord.otherApplicationFix":
    "DISCORD_APPLICATION_ID를 {id} 값으로 설정하거나, DISCORD_TOKEN을 애플리케이션 {configured}의 봇 토큰으로 설정하십시오",
  "terminal.doctor.discord.application": "DISCORD_APPLICATION_ID와 일치합니다: {name} ({id})",
  "terminal.doctor.discord.notMember": "봇이 서버 {guild}의 멤버가 아닙니다: {refusal}",
  "terminal.doctor.discord.inviteFix":
    "docs/discord.md의 OAuth2 URL로 봇을 초대하거나(스코프 bot, applications.commands), DISCORD_GUILD_ID를 봇이 있는 서버로 설정하십시오",
  "terminal.doctor.discord.channelUnset":
    "{variable} 값이 설정되지 않았습니다: {purpose, select, report {신고 피드를 Discord에 올리지 않습니다} other {처리 기록을 Discord에 올리지 않습니다}}",
  "terminal.doctor.discord.noChannel": "{id} 채널이 없습니다: {refusal}",
  "terminal.doctor.discord.noChannelFix":
    "{variable} 값을 서버의 텍스트 채널로 설정하십시오 (채널을 우클릭 → 채널 ID 복사하기)",
  "terminal.doctor.discord.cannotSee": "봇이 {id} 채널을 볼 수 없습니다: {refusal}",
  "terminal.doctor.discord.otherGuild": "{shown}: 서버 {guild}의 채널이 아닙니다",
  "terminal.doctor.discord.otherGuildFix":
    "{variable} 값을 그 서버의 채널로 설정하거나, DISCORD_GUILD_ID를 그 채널의 서버로 설정하십시오",
  "terminal.doctor.discord.lacks":
    "{shown}: 봇이 채널을 {sees, select, yes {볼 수 있지만} other {볼 수 없고}} {missing} 권한이 없습니다",
  "terminal.doctor.discord.can": "{shown}: 봇의 권한: {can}",
  "terminal.doctor.discord.noRoles":
    "DISCORD_MODERATOR_ROLE_IDS와 DISCORD_ADMIN_ROLE_IDS가 비어 있습니다: Discord에서는 아무도 모더레이터나 관리자 명령어를 쓸 수 없습니다",
  "terminal.doctor.discord.noRolesFix":
    "DISCORD_MODERATOR_ROLE_IDS(와 DISCORD_ADMIN_ROLE_IDS)를 서버의 역할 ID로 설정하십시오",
  "terminal.doctor.discord.unknownRole": "{variable}의 {id}: 서버 {guild}의 역할이 아닙니다",
  "terminal.doctor.discord.unknownRoleFix":
    "서버 설정 → 역할에서 ID를 쓰십시오 (개발자 모드를 켜고 역할을 우클릭 → 역할 ID 복사하기)",
  "terminal.doctor.discord.roles":
    "{role, select, moderator {모더레이터} other {관리자}}: {set, select, no {설정 안 됨} other {{names}}}",
  "terminal.doctor.discord.answered": "Discord 응답: {refusal}",
  "terminal.doctor.discord.unansweredFix":
    "DISCORD_API_URL(설정 안 하면 https://discord.com/api)과 이 컴퓨터에서 접속할 수 있는지 확인하십시오",
  "terminal.doctor.discord.failingFix":
    "Discord에 장애가 있습니다: 나중에 다시 시도하십시오 (https://discordstatus.com)",
  "terminal.doctor.discord.refusedFix":
    "Developer Portal과 서버의 값으로 Discord 변수를 확인하십시오",

  "terminal.doctor.slack.scopesFix":
    "OAuth & Permissions에서 빠진 스코프를 추가하고(slack-manifest.yml에 목록이 있습니다) 앱을 다시 설치한 뒤 새 SLACK_BOT_TOKEN을 설정하십시오",
  "terminal.doctor.slack.reinstallFix":
    "앱을 워크스페이스에 다시 설치하고(OAuth & Permissions) SLACK_BOT_TOKEN을 그 Bot User OAuth Token으로 설정하십시오",
  "terminal.doctor.slack.notChecked":
    "{why, select, unanswered {점검 안 함: Slack이 응답하지 않았습니다} other {점검 안 함: Slack이 봇 토큰을 받아들이지 않았습니다}}",
  "terminal.doctor.slack.tokenValid": "올바름: {team} ({team_id})의 봇 @{user} ({user_id})",
  "terminal.doctor.slack.tokenRefused":
    "auth.test: {error}: Slack이 SLACK_BOT_TOKEN을 거부했습니다",
  "terminal.doctor.slack.scopesUnknown":
    "알 수 없음: Slack의 응답에 x-oauth-scopes 헤더가 없습니다",
  "terminal.doctor.slack.scopesMissing":
    "{missing} 없음 (허용된 스코프: {any, select, no {없음} other {{granted}}})",
  "terminal.doctor.slack.languageScopeMissing":
    "{missing} 스코프 없음: 모든 답변이 사용자의 Slack 언어가 아니라 CHATWARDEN_LOCALE 언어로 나갑니다",
  "terminal.doctor.slack.scopesGranted":
    "slack-manifest.yml이 요구하는 스코프가 모두 허용됨: {scopes}",
  "terminal.doctor.slack.channelUnset":
    "{variable} 값이 설정되지 않았습니다: {purpose, select, report {신고 피드를 Slack에 올리지 않습니다} other {처리 기록을 Slack에 올리지 않습니다}}",
  "terminal.doctor.slack.inChannel": "{id}: 봇이 채널에 있고 기록을 읽을 수 있습니다",
  "terminal.doctor.slack.notInChannel": "봇이 {id}에 없습니다 (not_in_channel)",
  "terminal.doctor.slack.inviteFix": "그 채널에서 /invite @{bot} 명령어를 입력하십시오",
  "terminal.doctor.slack.noChannel": "봇이 볼 수 있는 {id} 채널이 없습니다 (channel_not_found)",
  "terminal.doctor.slack.noChannelFix":
    "{variable} 값을 확인하십시오. 비공개 채널이면 먼저 그 채널에서 /invite @{bot} 명령어를 입력하십시오",
  "terminal.doctor.slack.historyNeeds":
    "conversations.history에 필요한 스코프: {known, select, no {토큰에 없는 스코프} other {{needed}}}",
  "terminal.doctor.slack.appTokenValid": "올바름: Socket Mode로 연결할 수 있습니다",
  "terminal.doctor.slack.appTokenRefused":
    "apps.connections.open: {error}: Slack이 SLACK_APP_TOKEN을 거부했습니다",
  "terminal.doctor.slack.appTokenFix":
    "SLACK_APP_TOKEN을 connections:write가 있는 앱 수준 토큰으로 설정하십시오 (Basic Information → App-Level Tokens)",
  "terminal.doctor.slack.noPeople":
    "SLACK_MODERATOR_USER_IDS와 SLACK_ADMIN_USER_IDS가 비어 있습니다: Slack에서는 아무도 모더레이터나 관리자 명령어를 쓸 수 없습니다",
  "terminal.doctor.slack.noPeopleFix":
    "SLACK_MODERATOR_USER_IDS(와 SLACK_ADMIN_USER_IDS)를 멤버 ID로 설정하십시오 (프로필 → ⋮ → 멤버 ID 복사)",
  "terminal.doctor.slack.people": "모더레이터 {moderators}명, 관리자 {admins}명",
  "terminal.doctor.slack.unansweredFix":
    "SLACK_API_URL(설정 안 하면 https://slack.com/api/)과 이 컴퓨터에서 접속할 수 있는지 확인하십시오",
  "terminal.doctor.slack.errorFix": "이 오류에 대한 Slack 문서에서 해당 메서드를 확인하십시오",

  "terminal.doctor.request.timeUp":
    "{host}: doctor의 제한 시간이 끝날 때까지 {request}에 응답하지 않았습니다",
  "terminal.doctor.request.timeout": "{host}: {seconds} 안에 {request}에 응답하지 않았습니다",
  "terminal.doctor.request.unreachable": "{host}에 접속할 수 없습니다 ({why})",
  "terminal.doctor.request.notJson":
    "{host}: {request}에 HTTP {status} 상태와 JSON이 아닌 본문으로 응답했습니다 (프록시 페이지?)",
  "terminal.doctor.request.slackHttp":
    "{host}: {request}에 HTTP {status} 상태와 {envelope, select, yes {오류로} other {Web API의 것이 아닌 본문으로 (프록시 페이지?)}} 응답했습니다",
  "terminal.doctor.request.unknownBody":
    "{host}: {request}에 {platform} API가 보내지 않는 형태의 본문으로 응답했습니다 ({field})",
} as const satisfies Translation<typeof english>;
