// `chatwarden backup FILE [--force]`: a consistent copy of the store in DATA_DIR, taken while the
// bot keeps running, in one line: `backed up 42 cases (96 KB) to /srv/backups/x.sqlite`.
// Only the command line is read here; the store and SQLite load when the backup runs, so that
// the CLI can import BACKUP_USAGE for `--help` without loading them.
import { parseArgs } from "node:util";
import { z } from "zod";
import { CommandLineFailure, EXIT_FAILURE, EXIT_USAGE } from "../adapters/console/failure.js";
import type { Config } from "../src/config.js";
import { plural } from "../src/view/plural.js";
import { describeParseFailure } from "./parse-failure.js";

export const BACKUP_USAGE = `usage: chatwarden backup FILE [--force]

  Copies the store in DATA_DIR to FILE while the bot keeps running (SQLite's online backup),
  checks the copy (PRAGMA integrity_check), and prints how many cases it holds. The copy is
  written beside FILE first and renamed into place, so a failed backup leaves nothing at FILE.

  --force   replace FILE if it exists

  To restore: stop the bot, copy FILE to DATA_DIR/chatwarden.sqlite, remove any
  chatwarden.sqlite-wal and chatwarden.sqlite-shm beside it, and start the bot.

  With DATABASE_URL set the store is PostgreSQL: back it up with pg_dump "$DATABASE_URL" > file.
`;

const HELP = '"chatwarden backup --help" explains it';

const fileSchema = z
  .array(z.string())
  .min(1, `backup needs the FILE to write: chatwarden backup FILE [--force]; ${HELP}`)
  .max(1, `backup takes one FILE; ${HELP}`)
  .transform(([file]) => file ?? "")
  .pipe(z.string().trim().min(1, `FILE must not be empty; ${HELP}`));

export async function runBackupCommand(
  args: readonly string[],
  config: Readonly<Config>,
  out: NodeJS.WritableStream,
): Promise<number | undefined> {
  const { backupStore, BackupDestinationExistsError, BackupError, POSTGRES_BACKUP_ADVICE } =
    await import("../src/store/backup.js");
  // Said before anything else: no FILE would make a copy of a PostgreSQL store.
  if (config.databaseUrl) throw new CommandLineFailure(POSTGRES_BACKUP_ADVICE, EXIT_FAILURE);
  const { file, force } = readArguments(args);
  try {
    const backup = await backupStore(config.dataDir, file, { replace: force });
    out.write(
      `backed up ${plural(backup.cases, "case")} (${formatSize(backup.bytes)}) to ${backup.file}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupDestinationExistsError) {
      throw new CommandLineFailure(`${error.message}: add --force to replace it`, EXIT_FAILURE);
    }
    if (error instanceof BackupError) throw new CommandLineFailure(error.message, EXIT_FAILURE);
    throw error;
  }
}

function readArguments(args: readonly string[]): { file: string; force: boolean } {
  let parsed: ReturnType<typeof parseBackupArgs>;
  try {
    parsed = parseBackupArgs(args);
  } catch (error) {
    throw new CommandLineFailure(describeParseFailure(error, "backup", HELP), EXIT_USAGE);
  }
  const file = fileSchema.safeParse(parsed.positionals);
  if (!file.success) {
    throw new CommandLineFailure(file.error.issues[0]?.message ?? HELP, EXIT_USAGE);
  }
  return { file: file.data, force: parsed.values.force === true };
}

function parseBackupArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: { force: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
}

/** Kilobytes for a store of any usual size; megabytes once it is large. */
function formatSize(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (kilobytes < 10 * 1024) return `${Math.max(1, Math.round(kilobytes))} KB`;
  return `${(kilobytes / 1024).toFixed(1)} MB`;
}
