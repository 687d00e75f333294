// The words of `chatwarden` that run chatwarden itself (app/cli.ts dispatches each), as opposed
// to a chat command run once. Kept apart from cli.ts so that the one-shot CLI can name them to
// whoever mistypes one, and help can explain each.
export const PROCESS_COMMANDS = [
  "serve",
  "demo",
  "emulator",
  "doctor",
  "backup",
  "cases",
  "manifest",
] as const;

export type ProcessCommand = (typeof PROCESS_COMMANDS)[number];

export function isProcessCommand(word: string | undefined): word is ProcessCommand {
  return (PROCESS_COMMANDS as readonly (string | undefined)[]).includes(word);
}
