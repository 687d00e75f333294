// `chatwarden emulator [--port N] [--token T] [--seed demo|empty] [--report-every S] [--controls]`:
// the chat/v1 emulator alone, for integrators and for end-to-end tests of other processes.
import { parseArgs } from "node:util";
import { z } from "zod";
import { type MessageKey, t } from "../src/i18n/translate.js";
import { startEmulator } from "./server.js";
import { DEMO_TOKEN, EmulatorUsageError } from "./usage.js";

/** What a wrong option says, made when it is wrong: in the terminal's language. */
const says = (key: MessageKey) => ({ error: () => t(key) });

const optionsSchema = z.object({
  port: z.coerce
    .number(says("operator.emulator.port"))
    .int(says("operator.emulator.port"))
    .min(0, says("operator.emulator.port"))
    .max(65_535, says("operator.emulator.port"))
    .default(4010),
  token: z.string().min(1, says("operator.emulator.token")).optional(),
  seed: z.enum(["demo", "empty"], says("operator.emulator.seed")).default("demo"),
  "report-every": z.coerce
    .number(says("operator.emulator.reportEvery"))
    .positive(says("operator.emulator.reportEveryPositive"))
    .optional(),
  controls: z.boolean().default(false),
  host: z.string().default("127.0.0.1"),
});

export async function runEmulatorCommand(
  args: string[],
  out: NodeJS.WritableStream,
): Promise<void> {
  const options = readOptions(args);
  const emulator = await startEmulator({
    host: options.host,
    port: options.port,
    token: options.token ?? DEMO_TOKEN,
    seed: options.seed,
    controls: options.controls,
    reportEveryMs:
      options["report-every"] === undefined ? undefined : options["report-every"] * 1000,
  }).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
      throw new Error(
        t("operator.startup.portInUse", { port: String(options.port), setting: "--port" }),
      );
    }
    throw error;
  });
  out.write(`${t("operator.emulator.listening", { baseUrl: emulator.baseUrl })}\n`);
  // A token given on the command line is the caller's own; only the public demo token is shown.
  const token =
    options.token === undefined
      ? t("terminal.demo.token", { token: DEMO_TOKEN, baseUrl: emulator.baseUrl })
      : t("operator.emulator.givenToken");
  out.write(`${token}\n`);
  if (options.controls) {
    out.write(`${t("operator.emulator.controls", { url: `${emulator.origin}/__control` })}\n`);
  }
  await untilSignalled();
  await emulator.close();
}

/** The options, checked. (`--help` never reaches here: the CLI answers it before running.) */
function readOptions(args: string[]): z.infer<typeof optionsSchema> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        port: { type: "string" },
        token: { type: "string" },
        seed: { type: "string" },
        "report-every": { type: "string" },
        controls: { type: "boolean" },
        host: { type: "string" },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new EmulatorUsageError(describeParseFailure(error));
  }
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    throw new EmulatorUsageError(parsed.error.issues[0]?.message ?? t("operator.emulator.invalid"));
  }
  return parsed.data;
}

/** node:util's parseArgs explains itself at length; one line, with where to look, is enough. */
function describeParseFailure(error: unknown): string {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1] ?? "";
  const help = t("operator.emulator.help");
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return t("operator.emulator.unknownOption", { option: named, help });
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return t("operator.emulator.positional", { word: named, help });
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      // The same words as backup's and cases export's wrong options (app/parse-failure.ts).
      return message.includes("does not take an argument")
        ? t("terminal.options.takesNoValue", { option: named, help })
        : t("terminal.options.needsValue", { option: named.split(" ")[0] ?? named, help });
    default:
      return `${message}; ${help}`;
  }
}

/** Resolves with the first SIGINT or SIGTERM: the emulator closes its server before it exits. */
function untilSignalled(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const done = (signal: NodeJS.Signals) => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      resolve(signal);
    };
    process.on("SIGINT", done);
    process.on("SIGTERM", done);
  });
}
