// `chatwarden backup FILE [--force]`: a consistent copy of the store in DATA_DIR, taken while the
// bot keeps running, in one line: `backed up 42 cases (96 KB) to /srv/backups/x.sqlite`.
// Only the command line is read here; the store and SQLite load when the backup runs. What
// `--help` prints is the catalogue's `terminal.usage.backup`.
import { parseArgs } from "node:util";
import { z } from "zod";
import { CommandLineFailure, EXIT_FAILURE, EXIT_USAGE } from "../adapters/console/failure.js";
import type { Config } from "../src/config.js";
import { t } from "../src/i18n/translate.js";
import { describeParseFailure } from "./parse-failure.js";

const help = () => t("terminal.backup.help");

// The messages are made when a FILE is refused, in the language of the run refusing it.
const fileSchema = z
  .array(z.string())
  .min(1, { error: () => t("terminal.backup.noFile", { help: help() }) })
  .max(1, { error: () => t("terminal.backup.twoFiles", { help: help() }) })
  .transform(([file]) => file ?? "")
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: () => t("terminal.backup.emptyFile", { help: help() }) }),
  );

export async function runBackupCommand(
  args: readonly string[],
  config: Readonly<Config>,
  out: NodeJS.WritableStream,
): Promise<number | undefined> {
  const { backupStore, BackupDestinationExistsError, BackupError } = await import(
    "../src/store/backup.js"
  );
  // Said before anything else: no FILE would make a copy of a PostgreSQL store.
  if (config.databaseUrl) {
    throw new CommandLineFailure(t("failures.backup.postgres"), EXIT_FAILURE);
  }
  const { file, force } = readArguments(args);
  try {
    const backup = await backupStore(config.dataDir, file, { replace: force });
    const values = { cases: backup.cases, size: formatSize(backup.bytes), file: backup.file };
    out.write(`${t("terminal.backup.done", values)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupDestinationExistsError) {
      const message = t("terminal.backup.fileExists", { problem: error.shown() });
      throw new CommandLineFailure(message, EXIT_FAILURE);
    }
    if (error instanceof BackupError) throw new CommandLineFailure(error.shown(), EXIT_FAILURE);
    throw error;
  }
}

function readArguments(args: readonly string[]): { file: string; force: boolean } {
  let parsed: ReturnType<typeof parseBackupArgs>;
  try {
    parsed = parseBackupArgs(args);
  } catch (error) {
    throw new CommandLineFailure(describeParseFailure(error, "backup", help()), EXIT_USAGE);
  }
  const file = fileSchema.safeParse(parsed.positionals);
  if (!file.success) {
    throw new CommandLineFailure(file.error.issues[0]?.message ?? help(), EXIT_USAGE);
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
