// node:util's parseArgs explains a wrong option at length; the operator reads one line naming
// the option, what is wrong with it, and where the command is explained.

/** `command`: the words as typed (`backup`, `cases export`); `help`: where it is explained. */
export function describeParseFailure(error: unknown, command: string, help: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1];
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && named !== undefined) {
    return `${command} has no option ${named}; ${help}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && named !== undefined) {
    const option = named.split(" ")[0];
    // "Option '--since <value>' argument missing", or "Option '--force' does not take an argument".
    return message.includes("argument missing")
      ? `${option} needs a value; ${help}`
      : `${option} takes no value; ${help}`;
  }
  return `${message}; ${help}`;
}
