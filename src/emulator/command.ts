// `chatwarden emulator [--port N] [--token T] [--seed demo|empty] [--report-every S] [--controls]`:
// the chat/v1 emulator alone, for integrators and for end-to-end tests of other processes.
import { parseArgs } from "node:util";
import { z } from "zod";
import { untilSignalled } from "../shutdown.js";
import { startEmulator } from "./server.js";

/** A public, documented value: the emulator guards demo data, not secrets. */
export const DEMO_TOKEN = "chatwarden-demo";

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
  const { values } = parseArgs({
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
  });
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "bad options");
  const options = parsed.data;
  const emulator = await startEmulator({
    host: options.host,
    port: options.port,
    token: options.token ?? DEMO_TOKEN,
    seed: options.seed,
    controls: options.controls,
    reportEveryMs:
      options["report-every"] === undefined ? undefined : options["report-every"] * 1000,
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
