// How the `chatwarden` command ends when it cannot do what was asked: one line for stderr and
// an exit code scripts can tell apart (64 is EX_USAGE from sysexits.h: fix the command line).

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 64;

export class CommandLineFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: typeof EXIT_FAILURE | typeof EXIT_USAGE = EXIT_FAILURE,
  ) {
    super(message);
    this.name = "CommandLineFailure";
  }
}
