// Why something could not be done, as moderators and operators read it: the store's failures, the chat API's echo that differs from the request, Slack's store-down answer.
export const failures = {
  // The SQLite store under DATA_DIR (src/store/store-failure.ts).
  "failures.sqlite.notWritable":
    "DATA_DIR ({folder}) cannot be created or written by this user: check its permissions",
  "failures.sqlite.full": "DATA_DIR ({folder}) is full: free some space there",
  "failures.sqlite.notFolder": "DATA_DIR ({folder}) is not a folder: set DATA_DIR to a folder",
  "failures.sqlite.cannotOpen":
    "the store {file} cannot be opened: check that DATA_DIR ({folder}) exists and this user may write to it",
  "failures.sqlite.readOnly":
    "DATA_DIR ({folder}) is read-only for this user: allow writing to {file}",
  "failures.sqlite.damaged":
    "the store {file} is damaged: move it aside and restore a backup (chatwarden backup)",
  "failures.sqlite.locked": "the store {file} stayed locked by another process: try again",
  "failures.sqlite.notWritten": "the store {file} could not be written ({message})",

  // The PostgreSQL store of DATABASE_URL (src/store/postgres/postgres-failure.ts).
  "failures.postgres.unreachable":
    "the PostgreSQL store {location} (DATABASE_URL) cannot be reached ({code}): check the host and port, and that the server runs",
  "failures.postgres.refusedLogin":
    "the PostgreSQL store {location} (DATABASE_URL) refused the user and password in DATABASE_URL",
  "failures.postgres.noDatabase":
    "the PostgreSQL store {location} (DATABASE_URL) does not exist: create the database first",
  "failures.postgres.noPrivilege":
    "the PostgreSQL store {location} (DATABASE_URL) refused: the user in DATABASE_URL lacks a privilege",
  "failures.postgres.tooManyClients":
    "the PostgreSQL store {location} (DATABASE_URL) has no connection left (too many clients): try again",
  "failures.postgres.failed": "the PostgreSQL store {location} (DATABASE_URL) failed ({message})",
  "failures.postgres.noAnswer": "the PostgreSQL store {location} (DATABASE_URL) failed (no answer)",

  // `chatwarden backup` (src/store/backup.ts): PostgreSQL, the store, the destination.
  "failures.backup.postgres":
    'the store is PostgreSQL (DATABASE_URL), which chatwarden backup does not copy: back it up with pg_dump "$DATABASE_URL" > file',
  "failures.backup.noStore":
    "there is no store at {file}: check DATA_DIR (the bot creates the store at its first start)",
  "failures.backup.notAStore": "{file} is not a chatwarden store (it has no cases): check DATA_DIR",
  "failures.backup.noFolder": "the folder {folder} does not exist: create it first",
  "failures.backup.notAFolder": "{folder} is not a folder",
  "failures.backup.readOnlyFolder":
    "the folder {folder} is on a read-only file system: back up to a writable folder",
  "failures.backup.folderNotWritable":
    "the folder {folder} cannot be written by this user: check its permissions",
  "failures.backup.isTheStore": "{file} is the store itself: back it up to another file",
  "failures.backup.isAFolder": "{file} is a folder: name the backup file inside it",
  "failures.backup.exists": "{file} already exists",
  "failures.backup.integrity":
    "the copy failed its integrity check ({problems}): the store may be damaged; nothing was written",
  "failures.backup.full": "{folder} is full: free some space there; {file} was not written",
  "failures.backup.ioError":
    "the backup could not be written to {folder} (is the disk full?): {file} was not written",
  "failures.backup.failed": "the backup failed ({message}): {file} was not written",

  // A lock another process holds for too long (src/store/store-lock.ts).
  "failures.lock.timeout":
    "{what} is being edited by another chatwarden process for over {seconds} s: try again",
  "failures.lock.wordList": "the {language} word list",

  // The chat API's echo of a write that differs from the request (src/chat-api/echo.ts).
  "failures.echo.answered": "The chat API answered {differences}",
  "failures.echo.gamerId": "for {echoed}, not {sent}",
  "failures.echo.language": "for language {echoed}, not {sent}",
  "failures.echo.days": "with {echoed} days, not {sent}",
  "failures.echo.filters": "with filters {echoed}",
  "failures.echo.field": "with {field} {echoed}, not {sent}",
  "failures.echo.differentList":
    "with a different list ({parts, select, missing {without {missing}} extra {with {extra}} other {without {missing}; with {extra}}})",
  "failures.echo.reordered": "with the same words in another order or repeated",
  "failures.echo.moreWords": "{words} and {count} more",
  "failures.echo.nothing": "nothing",
} as const;
