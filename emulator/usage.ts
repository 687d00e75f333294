// What the `chatwarden emulator` command line accepts, apart from the emulator itself: `chatwarden
// help emulator` and a wrong option need these words without loading the server.

/** A public, documented value: the emulator guards demo data, not secrets. */
export const DEMO_TOKEN = "chatwarden-demo";

export const EMULATOR_USAGE = `usage: chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                           [--report-every SECONDS] [--controls] [--host ADDRESS]

  The chat/v1 emulator alone, for integrators and end-to-end tests. It runs until Ctrl-C.

  --port N                 the port to listen on (default 4010; 0 picks a free one)
  --token T                the token requests must carry (default ${DEMO_TOKEN})
  --seed demo|empty        start with demo data, or with nothing (default demo)
  --report-every SECONDS   add a new report every SECONDS
  --controls               serve the test controls under /__control (faults, injected reports)
  --host ADDRESS           the address to listen on (default 127.0.0.1: this machine only)
`;

/** The emulator's command line is wrong: one line, and the exit code says "fix the command". */
export class EmulatorUsageError extends Error {
  override name = "EmulatorUsageError";
}
