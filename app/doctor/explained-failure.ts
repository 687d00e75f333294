// The store's explanations of a failure read "<what is wrong>: <what to do>" (store-failure.ts,
// postgres-failure.ts); the doctor shows the two apart, as the detail and the fix.
import type { DoctorCheck } from "../../src/runtime/component.js";
import { fail } from "./check.js";

/** A failed check from one explanation; one without a short advice after its last colon gets `generalFix`. */
export function explainedFailure(
  name: string,
  explanation: string,
  generalFix: string,
): DoctorCheck {
  const at = explanation.lastIndexOf(": ");
  const advice = at > 0 ? explanation.slice(at + 2) : "";
  // A colon inside a quoted error ("(SqliteError: …)") is not where the advice starts.
  const balanced = advice.split("(").length === advice.split(")").length;
  if (advice === "" || !balanced) return fail(name, explanation, generalFix);
  return fail(name, explanation.slice(0, at), advice);
}
