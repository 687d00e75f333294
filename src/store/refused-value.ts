// Whether a failed write was refused for the values it carried (that row can never be written as
// it is) rather than for the store's state (unreachable, full, locked, read-only, a table
// missing), which refuses every row alike. The report feed then writes each report alone, so one
// odd report cannot keep the others out; a store failing as a whole is an outage instead, and
// nothing is tried row by row against it.
// PostgreSQL, by SQLSTATE (https://www.postgresql.org/docs/current/errcodes-appendix.html):
// class 22, data exception (22P02 "invalid input syntax", 22003 "out of range", 22021 a NUL in
// UTF-8 text); class 23, integrity constraint violation; class 54, program limit exceeded (a row
// or an index entry too large); P0001, raised by a trigger.
// SQLite, by extended result code (https://www.sqlite.org/rescode.html): SQLITE_MISMATCH
// ("datatype mismatch"), SQLITE_CONSTRAINT and its extended codes (a trigger's RAISE(ABORT) is
// SQLITE_CONSTRAINT_TRIGGER), SQLITE_TOOBIG.
import { errorCode } from "../runtime/failure-verdict.js";

const POSTGRES_VALUE_CLASSES = ["22", "23", "54"];

export function refusedForValue(error: unknown): boolean {
  const code = errorCode(error) ?? "";
  if (code.startsWith("SQLITE_")) {
    return (
      code === "SQLITE_MISMATCH" || code === "SQLITE_TOOBIG" || code.startsWith("SQLITE_CONSTRAINT")
    );
  }
  return (
    /^[0-9A-Z]{5}$/.test(code) &&
    (POSTGRES_VALUE_CLASSES.includes(code.slice(0, 2)) || code === "P0001")
  );
}
