// Tab completion for the REPL, derived from the catalogue: the first word completes to a
// command (or `channels`/`badwords`), the second to that group's subcommands, after `help` to a
// command name, and a player argument to a player by name or id. A new command in the catalogue
// completes with no change here.
import {
  type Catalogue,
  type CompletionSource,
  quoteWord,
  type Suggestion,
} from "../../src/index.js";

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

/** readline's completer as it may answer later: with its answer to `done`. */
export type AsyncCompleter = (
  line: string,
  done: (error: null, result: [string[], string]) => void,
) => void;

/** What the console asks for players that fit what is typed (the core's CompletionProvider). */
export type SuggestPlayers = (
  source: CompletionSource,
  typed: string,
) => Promise<readonly Suggestion[]>;

/**
 * The console's Tab: commands as commandCompleter completes them, and a player argument
 * (`ban Sha`) by name or id. One player that fits completes to their id, exact whatever the name;
 * several are listed as `ShadowFox (10003)` by `show`, above the prompt, and the line stays as
 * typed. readline inserts what it lists, so a name it listed would be typed as a name: the list
 * is shown apart, and only an id ever goes into the line.
 */
export function consoleCompleter(
  catalogue: Catalogue,
  suggest: SuggestPlayers,
  show: (labels: readonly string[]) => void,
): AsyncCompleter {
  const commands = commandCompleter(catalogue);
  return (line, done) => {
    const typing = playerTyped(line, catalogue);
    if (!typing) {
      done(null, commands(line));
      return;
    }
    const { source, typed } = typing;
    suggest(source, typed).then(
      (found) => {
        const [only] = found;
        if (found.length === 1 && only) {
          done(null, [[`${quoteWord(only.value)} `], typed]);
          return;
        }
        if (found.length > 1) show(found.map((suggestion) => suggestion.label));
        done(null, [[], typed]);
      },
      () => done(null, [[], typed]),
    );
  };
}

const PLAYER_SOURCES: ReadonlySet<CompletionSource> = new Set(["player", "banned-gamer"]);

/**
 * The player argument the last word of `line` is being typed for, if it is one: the command
 * named first, then its positional arguments in order (an option `--reason R` and its value
 * skipped).
 */
function playerTyped(
  line: string,
  catalogue: Catalogue,
): { source: CompletionSource; typed: string } | undefined {
  const words = line
    .replace(/^\s*\//, "")
    .trimStart()
    .split(/\s+/);
  const [first = "", second = ""] = words.map((word) => word.toLowerCase());
  const path = catalogue.isGroup(first) ? [first, second] : [first];
  const command = catalogue.findPath(path);
  if (!command || words.length <= path.length) return undefined;
  const before = words.slice(path.length, -1);
  let position = 0;
  for (let index = 0; index < before.length; index++) {
    const word = before[index] ?? "";
    if (!word.startsWith("--")) position += 1;
    else if (!word.includes("=")) index += 1;
  }
  const positional = Object.values(command.args).filter((spec) => !spec.flag);
  const source = positional[position]?.completion;
  const typed = words.at(-1) ?? "";
  if (!source || !PLAYER_SOURCES.has(source) || typed.startsWith("--")) return undefined;
  return { source, typed };
}
