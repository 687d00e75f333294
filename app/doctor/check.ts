// The doctor's lines are built through these, so that every failure carries its fix and every
// network check stays inside the time the whole run may take.
import { t } from "../../src/i18n/translate.js";
import type { CheckBudget, DoctorCheck } from "../../src/runtime/component.js";
import { errorCode } from "../../src/runtime/failure-verdict.js";

export type { CheckBudget };

export function pass(name: string, detail: string): DoctorCheck {
  return { name, result: "pass", detail };
}

export function fail(name: string, detail: string, fix: string): DoctorCheck {
  return { name, result: "fail", detail, fix };
}

/** It works, but less well than it could: no failure, said with what would make it whole. */
export function warn(name: string, detail: string, fix: string): DoctorCheck {
  return { name, result: "warn", detail, fix };
}

/** A check an earlier failure makes meaningless, or one that could not tell either way. */
export function skip(name: string, detail: string): DoctorCheck {
  return { name, result: "skip", detail };
}

/** The signal for one request: its own timeout, or the run's end, whichever comes first. */
export function requestSignal(budget: CheckBudget): AbortSignal {
  return AbortSignal.any([budget.signal, AbortSignal.timeout(budget.requestTimeoutMs)]);
}

/** "4 s", "1.5 s": how long a request was given, for a timeout's detail. */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return t("terminal.doctor.seconds", {
    value: Number.isInteger(value) ? String(value) : value.toFixed(1),
  });
}

/**
 * Why `request` (`GET /users/@me`, `auth.test`) to `host` got no answer, for a line: the run's
 * time ran out, its own did, or the connection failed.
 */
export function noAnswer(
  host: string,
  request: string,
  error: unknown,
  { budget, signal }: { budget: CheckBudget; signal: AbortSignal },
): string {
  if (budget.signal.aborted) return t("terminal.doctor.request.timeUp", { host, request });
  if (signal.aborted) {
    const within = seconds(budget.requestTimeoutMs);
    return t("terminal.doctor.request.timeout", { host, request, seconds: within });
  }
  return t("terminal.doctor.request.unreachable", { host, why: connectionFailure(error) });
}

/** Why a request got no answer, from the socket's errno where undici wraps it: "ECONNREFUSED". */
export function connectionFailure(error: unknown): string {
  return (
    errorCode(error) ?? (error instanceof Error ? error.message : t("terminal.doctor.noConnection"))
  );
}
