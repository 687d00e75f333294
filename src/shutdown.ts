// Long-running commands (serve, emulator, demo) end on Ctrl-C or a termination request, and
// close their servers before the process exits.

/** Resolves with the first SIGINT or SIGTERM. */
export function untilSignalled(): Promise<NodeJS.Signals> {
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
