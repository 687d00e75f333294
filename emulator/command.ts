// `chatwarden emulator [--port N] [--token T] [--seed demo|empty] [--report-every S] [--controls]`:
// the chat/v1 emulator alone, for integrators and for end-to-end tests of other processes.
import { parseArgs } from "node:util";
import { z } from "zod";
import { startEmulator } from "./server.js";
import { DEMO_TOKEN, EmulatorUsageError } from "./usage.js";

const optionsSchema = z.object({
  port: z.coerce
    .number({ error: "--port must be a port number from 0 to 65535" })
    .int("--port must be a port number from 0 to 65535")
    .min(0, "--port must be a port number from 0 to 65535")
    .max(65_535, "--port must be a port number from 0 to 65535")
    .default(4010),
  token: z.string().min(1, "--token must not be empty").optional(),
  seed: z.enum(["demo", "empty"], { error: "--seed must be demo or empty" }).default("demo"),
  "report-every": z.coerce
    .number({ error: "--report-every must be a number of seconds" })
    .positive("--report-every must be a number of seconds above 0")
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
      throw new Error(`port ${options.port} is already in use: set --port to a free port`);
    }
    throw error;
  });
  out.write(`chat/v1 emulator listening at ${emulator.baseUrl}\n`);
  // A token given on the command line is the caller's own; only the public demo token is shown.
  out.write(
    options.token === undefined
      ? `master token: ${DEMO_TOKEN}   (try: curl -H 'Authorization: Bearer ${DEMO_TOKEN}' ${emulator.baseUrl}/report_list)\n`
      : "master token: the one given with --token\n",
  );
  if (options.controls) out.write(`test controls at ${emulator.origin}/__control\n`);
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
    throw new EmulatorUsageError(parsed.error.issues[0]?.message ?? "the options are not valid");
  }
  return parsed.data;
}

/** node:util's parseArgs explains itself at length; one line, with where to look, is enough. */
function describeParseFailure(error: unknown): string {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1] ?? "";
  const help = '"chatwarden emulator --help" lists them';
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `emulator has no option ${named}; ${help}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `emulator takes options only, not "${named}"; ${help}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return message.includes("does not take an argument")
        ? `${named} takes no value; ${help}`
        : `${named.split(" ")[0]} needs a value; ${help}`;
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
