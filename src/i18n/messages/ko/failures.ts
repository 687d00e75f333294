import type { Translation } from "../catalogue-shape.js";
import type { failures as english } from "../en/failures.js";

export const failures = {
  "failures.sqlite.notWritable":
    "DATA_DIR 폴더({folder})를 이 사용자가 만들거나 쓸 수 없습니다: 권한을 확인하십시오",
  "failures.sqlite.full": "DATA_DIR 폴더({folder})의 디스크가 가득 찼습니다: 공간을 확보하십시오",
  "failures.sqlite.notFolder":
    "DATA_DIR 경로({folder})가 폴더가 아닙니다: DATA_DIR 값을 폴더로 설정하십시오",
  "failures.sqlite.cannotOpen":
    "저장소({file})를 열 수 없습니다: DATA_DIR 폴더({folder})가 있는지, 이 사용자가 쓸 수 있는지 확인하십시오",
  "failures.sqlite.readOnly":
    "DATA_DIR 폴더({folder})는 이 사용자에게 읽기 전용입니다: {file}에 쓸 수 있게 허용하십시오",
  "failures.sqlite.damaged":
    "저장소({file})가 손상되었습니다: 파일을 다른 곳으로 옮기고 백업을 복원하십시오(chatwarden backup)",
  "failures.sqlite.locked":
    "다른 프로세스가 저장소({file})를 계속 잠그고 있습니다: 다시 시도하십시오",
  "failures.sqlite.notWritten": "저장소({file})에 쓸 수 없습니다({message})",

  "failures.postgres.unreachable":
    "PostgreSQL 저장소({location}, DATABASE_URL)에 연결할 수 없습니다({code}): 호스트와 포트, 서버가 실행 중인지 확인하십시오",
  "failures.postgres.refusedLogin":
    "PostgreSQL 저장소({location}, DATABASE_URL)가 DATABASE_URL의 사용자 이름과 비밀번호를 거부했습니다",
  "failures.postgres.noDatabase":
    "PostgreSQL 저장소({location}, DATABASE_URL)의 데이터베이스가 없습니다: 먼저 데이터베이스를 만드십시오",
  "failures.postgres.noPrivilege":
    "PostgreSQL 저장소({location}, DATABASE_URL)가 거부했습니다: DATABASE_URL의 사용자에게 권한이 없습니다",
  "failures.postgres.tooManyClients":
    "PostgreSQL 저장소({location}, DATABASE_URL)에 남은 연결이 없습니다(클라이언트가 너무 많음): 다시 시도하십시오",
  "failures.postgres.failed":
    "PostgreSQL 저장소({location}, DATABASE_URL)에서 오류가 났습니다({message})",
  "failures.postgres.noAnswer":
    "PostgreSQL 저장소({location}, DATABASE_URL)에서 오류가 났습니다(응답 없음)",

  "failures.backup.postgres":
    '저장소가 PostgreSQL(DATABASE_URL)이라 chatwarden backup으로는 복사하지 않습니다: pg_dump "$DATABASE_URL" > file 명령어로 백업하십시오',
  "failures.backup.noStore":
    "{file}에 저장소가 없습니다: DATA_DIR 값을 확인하십시오(저장소는 봇이 처음 시작할 때 만듭니다)",
  "failures.backup.notAStore":
    "{file} 파일은 chatwarden 저장소가 아닙니다(처리 기록이 없습니다): DATA_DIR 값을 확인하십시오",
  "failures.backup.noFolder": "{folder} 폴더가 없습니다: 먼저 만드십시오",
  "failures.backup.notAFolder": "{folder} 경로는 폴더가 아닙니다",
  "failures.backup.readOnlyFolder":
    "{folder} 폴더는 읽기 전용 파일 시스템에 있습니다: 쓸 수 있는 폴더에 백업하십시오",
  "failures.backup.folderNotWritable":
    "이 사용자는 {folder} 폴더에 쓸 수 없습니다: 권한을 확인하십시오",
  "failures.backup.isTheStore": "{file} 파일은 저장소 자체입니다: 다른 파일로 백업하십시오",
  "failures.backup.isAFolder": "{file} 경로는 폴더입니다: 그 안의 백업 파일 이름을 지정하십시오",
  "failures.backup.exists": "{file} 파일이 이미 있습니다",
  "failures.backup.integrity":
    "복사본이 무결성 검사를 통과하지 못했습니다({problems}): 저장소가 손상되었을 수 있습니다. 아무것도 쓰지 않았습니다",
  "failures.backup.full":
    "{folder} 폴더의 디스크가 가득 찼습니다: 공간을 확보하십시오. {file} 파일은 쓰지 않았습니다",
  "failures.backup.ioError":
    "{folder} 폴더에 백업을 쓸 수 없습니다(디스크가 가득 찼을 수 있습니다): {file} 파일은 쓰지 않았습니다",
  "failures.backup.failed": "백업에 실패했습니다({message}): {file} 파일은 쓰지 않았습니다",

  "failures.lock.timeout":
    "{what}: 다른 chatwarden 프로세스가 {seconds}초 넘게 편집하고 있습니다. 다시 시도하십시오",
  "failures.lock.wordList": "{language} 금칙어 목록",

  "failures.echo.answered": "채팅 API가 요청과 다르게 응답했습니다({differences})",
  "failures.echo.gamerId": "플레이어 {sent} 대신 {echoed}",
  "failures.echo.language": "언어 {sent} 대신 {echoed}",
  "failures.echo.days": "일수 {sent} 대신 {echoed}",
  "failures.echo.filters": "금칙어 목록 {echoed}",
  "failures.echo.field": "{field} {sent} 대신 {echoed}",
  "failures.echo.differentList":
    "금칙어 목록이 다름 - {parts, select, missing {빠짐: {missing}} extra {추가됨: {extra}} other {빠짐: {missing} / 추가됨: {extra}}}",
  "failures.echo.reordered": "같은 금칙어의 순서가 다르거나 중복됨",
  "failures.echo.moreWords": "{words} 외 {count}개",
  "failures.echo.nothing": "없음",
} as const satisfies Translation<typeof english>;
