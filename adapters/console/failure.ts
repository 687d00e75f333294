// How the `chatwarden` command ends when it cannot do what was asked: one line for stderr, an
// exit code scripts can tell apart (64 is EX_USAGE from sysexits.h: fix the command line), and
// a kind for `--json` (see json-output.ts).
import { ConfigError, ShownError, t } from "../../src/index.js";
import { type AnsweredView, jsonText } from "./json-output.js";
import { renderOneLine } from "./render.js";

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 64;

/**
 * `usage`: the command line is wrong (exit 64); `configuration`: the environment or .env is;
 * `denied`: the role is missing; `cancelled`: the operator said no; `failed`: the command ran and
 * failed (the chat API's error, the store, an expired choice).
 */
export type FailureKind = "usage" | "configuration" | "denied" | "cancelled" | "failed";

export type ExitCode = typeof EXIT_FAILURE | typeof EXIT_USAGE;

export class CommandLineFailure extends Error {
  readonly kind: FailureKind;

  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT_FAILURE,
    kind?: FailureKind,
    /** The case the failed command recorded, if it got that far. */
    readonly caseNumber?: number,
  ) {
    super(message);
    this.name = "CommandLineFailure";
    this.kind = kind ?? (exitCode === EXIT_USAGE ? "usage" : "failed");
  }

  /** A command's error or refusal: its view in one line, with the case it recorded. */
  static fromView(view: AnsweredView): CommandLineFailure {
    const kind = view.outcome === "denied" ? "denied" : "failed";
    return new CommandLineFailure(renderOneLine(view), EXIT_FAILURE, kind, view.caseNumber);
  }
}

export interface Failure {
  kind: FailureKind;
  /** The line for stderr, after `chatwarden: ` (lines, for every invalid variable at once). */
  message: string;
  exitCode: ExitCode;
  caseNumber?: number;
}

/** Whatever the command ended with, as the line, the exit code and the kind. */
export function describeFailure(error: unknown): Failure {
  if (error instanceof CommandLineFailure) {
    const { kind, message, exitCode, caseNumber } = error;
    return { kind, message, exitCode, caseNumber };
  }
  if (error instanceof ConfigError) {
    // One line for each variable: everything to fix, from one run. The problems themselves are
    // config.ts's, in the language the configuration was read in (app/cli.ts).
    const lines = error.message
      .split("\n")
      .map((line) => t("terminal.failure.configuration", { problem: line }));
    return { kind: "configuration", message: lines.join("\n"), exitCode: EXIT_FAILURE };
  }
  // An error a person may read (the store that cannot be opened) in the terminal's language.
  if (error instanceof ShownError) {
    return { kind: "failed", message: error.shown(), exitCode: EXIT_FAILURE };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "failed", message, exitCode: EXIT_FAILURE };
}

export interface FailureDocument {
  outcome: "error";
  error: { kind: FailureKind; message: string };
  case: number | null;
}

export function failureDocument(failure: Failure): FailureDocument {
  return {
    outcome: "error",
    error: { kind: failure.kind, message: failure.message },
    case: failure.caseNumber ?? null,
  };
}

/** The failure's document, for the end of a `--json` run that failed. */
export function failureJson(failure: Failure): string {
  return jsonText(failureDocument(failure));
}
