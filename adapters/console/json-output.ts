// `--json`: what scripts read, one document on stdout per run, its keys in the chat API's
// snake_case. A run that worked prints
//   {"outcome", "title", "description", "notices", "case", "player", "data"}
// (`case`: the number of the case a mutating command recorded, else null; `player`: the player
// its argument named and how it was found, else null; `data`: the command's answer as data). A run that failed prints, beside its line on stderr and with the same exit code,
//   {"outcome": "error", "error": {"kind", "message"}, "case"}
// docs/command-line.md documents both; test/cli/json-schema.test.ts holds every command to its schema.
// The failure's document is failure.ts's.
import { type Outcome, t, type View, type ViewPlayer } from "../../src/index.js";

/**
 * A view as the runner hands it back: a mutating command's carries the number of its case.
 * (Until view/view.ts declares `caseNumber`, it is declared here.)
 */
export type AnsweredView = View & { caseNumber?: number };

export interface AnswerDocument {
  outcome: Outcome;
  title: string;
  description: string | null;
  notices: string[];
  case: number | null;
  player: PlayerDocument | null;
  data: unknown;
}

/** The player a command's argument named: `matched_by` says how (docs/command-line.md). */
export interface PlayerDocument {
  typed: string | null;
  gamer_id: string;
  name: string | null;
  matched_by: "id" | "name" | "unseen" | null;
  last_seen_at: string | null;
}

function playerDocument(player: ViewPlayer): PlayerDocument {
  return {
    typed: player.typed ?? null,
    gamer_id: player.gamerId,
    name: player.name ?? null,
    matched_by: player.matchedBy ?? null,
    last_seen_at: player.lastSeenAt?.toISOString() ?? null,
  };
}

export function answerDocument(view: AnsweredView): AnswerDocument {
  // The runner's `Case #N` notice (in the language it was written in, this one) is the `case`
  // field here.
  const caseNotice =
    view.caseNumber === undefined ? undefined : t("runner.case", { number: view.caseNumber });
  return {
    outcome: view.outcome,
    title: view.title,
    description: view.description ?? null,
    notices: (view.notices ?? []).filter((notice) => notice !== caseNotice),
    case: view.caseNumber ?? null,
    player: view.player ? playerDocument(view.player) : null,
    data: view.data ?? null,
  };
}

/** Whether the command line asked for JSON; the same switch for the answer and a failure. */
export function wantsJson(argv: readonly string[]): boolean {
  return argv.includes("--json");
}

/**
 * Characters JSON.stringify leaves raw that a terminal would still obey or reorder (C1 controls,
 * bidi overrides, line separators). Escaped, the document parses to the same value.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The document, indented, ending in a newline. */
export function jsonText(document: object): string {
  const text = JSON.stringify(document, null, 2).replace(
    RAW_IN_JSON,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
  return `${text}\n`;
}
