// The cases of an export as text, streamed: CSV (RFC 4180: a header, CRLF between records,
// fields quoted when they hold a comma, a quote or a line break) or JSON Lines (one case per
// line, as `history --json` shows a case). Cases are pulled from the store only as fast as the
// reader takes them: stream.pipeline stops pulling while the destination's write() says it is
// full and resumes on 'drain' (stdout into a pipe writes asynchronously on POSIX:
// https://nodejs.org/api/process.html#a-note-on-process-io), so memory holds a page of cases
// and a buffer of text however many cases there are.
//
// CSV uses csv-stringify (node-csv, no dependencies, about 3 ms and 2 MiB more to load than an
// empty node): its quoting is RFC 4180's, and its escape_formulas option makes a cell that a
// spreadsheet would run as a formula into text (below).
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { type CaseData, caseData } from "../../src/moderation/case-data.js";
import type { Case } from "../../src/moderation/cases.js";
import type { ExportFormat } from "./export-format.js";

/** The CSV header: the fields of a case as `history --json` names them, in that order. */
export const CSV_COLUMNS = [
  "number",
  "at",
  "platform",
  "actor_id",
  "actor_name",
  "command",
  "target",
  "args",
  "reason",
  "outcome",
  "answer",
  "error",
] as const satisfies readonly (keyof CaseData)[];

/** How an export ended: every case written, or the reader stopped reading (`| head`). */
export type ExportEnd = "written" | "reader-gone";

/**
 * Writes every case of `cases` to `out` in `format`, and ends `out`. Resolves "reader-gone" when
 * the reader closed the pipe first (EPIPE): it had all it wanted, which is not a failure. Any
 * other failure (the store's) rejects.
 */
export async function writeCases(
  cases: AsyncIterable<Case>,
  format: ExportFormat,
  out: NodeJS.WritableStream,
): Promise<ExportEnd> {
  const toRecord: (entry: Case) => object = format === "csv" ? csvRecord : caseData;
  const records = Readable.from(mapCases(cases, toRecord));
  try {
    await pipeline(records, format === "csv" ? csvText() : jsonLines(), inBlocks(), out);
    return "written";
  } catch (error) {
    if (isBrokenPipe(error)) return "reader-gone";
    throw error;
  }
}

/** A case's CSV cells: args and answer as their JSON text, as the JSON line has them. */
function csvRecord(entry: Case) {
  const data = caseData(entry);
  return {
    ...data,
    args: JSON.stringify(data.args),
    answer: data.answer === null ? null : JSON.stringify(data.answer),
  };
}

async function* mapCases<T>(cases: AsyncIterable<Case>, map: (entry: Case) => T) {
  for await (const entry of cases) yield map(entry);
}

/**
 * OWASP's CSV Injection guidance (https://owasp.org/www-community/attacks/CSV_Injection): no
 * cell may begin with =, +, -, @, tab, carriage return or line feed, or a spreadsheet may read
 * it as a formula. csv-stringify's escape_formulas puts a single quote before the first six
 * (and their full-width forms, which Apple Numbers reads as the same), which spreadsheets show
 * as text; a line feed it leaves, so that one is quoted here the same way.
 */
function csvText(): Transform {
  return stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: "windows",
    // Given a record delimiter, csv-stringify would no longer quote a lone \n or \r in a field
    // (quote_record_delimiter's default follows record_delimiter's), which RFC 4180 requires.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { string: (value) => (value.startsWith("\n") ? `'${value}` : value) },
  });
}

/** JSON Lines: player text exactly as stored, since no spreadsheet runs a JSON line. */
function jsonLines(): Transform {
  return new Transform({
    writableObjectMode: true,
    transform(record: unknown, _encoding, done) {
      done(null, `${JSON.stringify(record)}\n`);
    },
  });
}

/** Bytes handed to stdout at once. */
const BLOCK_BYTES = 64 * 1024;

/**
 * The text in blocks of 64 KiB rather than a write a case: each write to a pipe is a system
 * call, which made a third of an export's time. One block is all it holds.
 */
function inBlocks(): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  const take = () => {
    const block = Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    return block;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      done(null, heldBytes >= BLOCK_BYTES ? take() : undefined);
    },
    flush(done) {
      done(null, heldBytes > 0 ? take() : undefined);
    },
  });
}

function isBrokenPipe(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "EPIPE";
}
