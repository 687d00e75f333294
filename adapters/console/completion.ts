// Tab completion for the REPL, derived from the catalogue: the first word completes to a
// command (or `channels`/`badwords`), the second to that group's subcommands, and after
// `help` to a command name. A new command in the catalogue completes with no change here.
import type { Catalogue } from "../../src/index.js";

/** readline's completer shape: the candidates, and the part of the line they replace. */
export type Completer = (line: string) => [string[], string];

export const LEAVE_WORDS = ["exit", "quit"] as const;

export function commandCompleter(catalogue: Catalogue): Completer {
  const groups = catalogue.topLevelNames();
  const subcommandsOf = (group: string) => catalogue.subcommandsOf(group).map(({ word }) => word);

  return (line) => {
    const words = line
      .replace(/^\s*\//, "")
      .trimStart()
      .split(/\s+/);
    const typing = words[words.length - 1] ?? "";
    const choose = (candidates: ReadonlyArray<string | undefined>): [string[], string] => [
      candidates
        .filter((candidate): candidate is string => candidate?.startsWith(typing) === true)
        // The trailing space lets the next Tab go straight on to the next word.
        .map((candidate) => `${candidate} `),
      typing,
    ];
    if (words.length === 1) return choose([...groups, ...LEAVE_WORDS]);
    if (words.length === 2) {
      const first = words[0]?.toLowerCase() ?? "";
      if (first === "help") return choose(groups);
      return choose(subcommandsOf(first));
    }
    return [[], typing];
  };
}
