// How `chatwarden doctor` shows its checks: one line each (a mark, the name, what was found and,
// for a failure or a warning, the fix after an arrow) and a closing count; or, with --json, one
// document:
//   {"ok": boolean, "checks": [{"name", "result": "pass"|"warn"|"fail"|"skip", "detail", "fix"}]}
// where `fix` is null unless the check failed or warned; a warning leaves `ok` true. Details can hold what a server said (a channel
// or role name), so every text is made inert before it reaches a terminal or a script.

import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { inertLine } from "../../src/view/inert-text.js";

/** The styles used here; the console's painter applies them, or not when colour is off. */
export type DoctorPaint = (
  style: "green" | "red" | "yellow" | "dim" | "bold",
  text: string,
) => string;

const MARK: Record<DoctorCheck["result"], string> = { pass: "✓", warn: "!", fail: "✗", skip: "-" };

/** Whether the line carries its fix. */
const hasFix = (check: DoctorCheck) => check.result === "fail" || check.result === "warn";

/** Exit 0 only when nothing failed: a skipped check (nothing to check there) is no failure. */
export function doctorPassed(checks: readonly DoctorCheck[]): boolean {
  return checks.every((check) => check.result !== "fail");
}

export function doctorText(checks: readonly DoctorCheck[], paint: DoctorPaint): string {
  const width = Math.max(0, ...checks.map((check) => inertLine(check.name).length));
  const lines = checks.map((check) => {
    const mark = markOf(check.result, paint);
    const name = inertLine(check.name).padEnd(width);
    const detail = inertLine(check.detail);
    if (hasFix(check)) {
      const fix = check.fix === undefined ? "" : ` ${paint("bold", `→ ${inertLine(check.fix)}`)}`;
      return `${mark} ${name}  ${detail}${fix}`;
    }
    return check.result === "skip"
      ? paint("dim", `${mark} ${name}  ${detail}`)
      : `${mark} ${name}  ${detail}`;
  });
  return `${[...lines, "", summary(checks)].join("\n")}\n`;
}

function markOf(result: DoctorCheck["result"], paint: DoctorPaint): string {
  if (result === "pass") return paint("green", MARK.pass);
  if (result === "fail") return paint("red", MARK.fail);
  if (result === "warn") return paint("yellow", MARK.warn);
  return MARK.skip;
}

/** "All 12 checks passed." / "2 of 12 checks failed (1 skipped)." and how many warned. */
function summary(checks: readonly DoctorCheck[]): string {
  const warned = checks.filter((check) => check.result === "warn").length;
  const counted = countSummary(checks);
  return warned === 0 ? counted : `${counted} ${t("terminal.doctor.warned", { count: warned })}`;
}

function countSummary(checks: readonly DoctorCheck[]): string {
  const failed = checks.filter((check) => check.result === "fail").length;
  const skipped = checks.filter((check) => check.result === "skip").length;
  const total = checks.length;
  if (failed === 0) {
    return skipped === 0
      ? t("terminal.doctor.allPassed", { total })
      : t("terminal.doctor.nonePassedSkipped", { passed: total - skipped, total, skipped });
  }
  return t("terminal.doctor.someFailed", { failed, total, skipped });
}

export interface DoctorDocument {
  ok: boolean;
  checks: { name: string; result: DoctorCheck["result"]; detail: string; fix: string | null }[];
}

export function doctorDocument(checks: readonly DoctorCheck[]): DoctorDocument {
  return {
    ok: doctorPassed(checks),
    checks: checks.map((check) => ({
      name: inertLine(check.name),
      result: check.result,
      detail: inertLine(check.detail),
      fix: hasFix(check) && check.fix !== undefined ? inertLine(check.fix) : null,
    })),
  };
}

export function doctorJson(checks: readonly DoctorCheck[]): string {
  return `${JSON.stringify(doctorDocument(checks), null, 2)}\n`;
}
