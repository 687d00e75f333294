// node:util's parseArgs explains a wrong option at length; the operator reads one line naming
// the option, what is wrong with it, and where the command is explained.
import { t } from "../src/i18n/translate.js";

/** `command`: the words as typed (`backup`, `cases export`); `help`: where it is explained. */
export function describeParseFailure(error: unknown, command: string, help: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1];
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && named !== undefined) {
    return t("terminal.options.unknown", { command, option: named, help });
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && named !== undefined) {
    const option = named.split(" ")[0];
    // "Option '--since <value>' argument missing", or "Option '--force' does not take an argument".
    return message.includes("argument missing")
      ? t("terminal.options.needsValue", { option: option ?? named, help })
      : t("terminal.options.takesNoValue", { option: option ?? named, help });
  }
  return `${message}; ${help}`;
}
