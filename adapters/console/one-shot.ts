// `chatwarden <command> [args] [--reason R] [--json] [--yes] [--page N]`: one command, once,
// as the operator ("cli"), against the configured chat API. Success prints the view (or, with
// --json, only JSON) on stdout; failure is one line on stderr and a non-zero exit code.
// A command is parsed and its arguments checked before anything is opened or sent; the core it
// runs on is built in app/one-shot.ts.
import { createInterface } from "node:readline";
import {
  type Actor,
  type AnyCommand,
  type Catalogue,
  type CommandRunner,
  operatorActor,
  PROCESS_COMMANDS,
  parseArguments,
  parseCommandArgv,
  t,
  type View,
  yesOrNo,
} from "../../src/index.js";
import { shouldColour } from "./colour.js";
import { withTextWidths } from "./display-width.js";
import { CommandLineFailure, EXIT_FAILURE, EXIT_USAGE } from "./failure.js";
import { takePageOption } from "./page-option.js";
import { renderJson, renderView, tableWidth } from "./render.js";
import type { ConsoleOutput } from "./repl.js";

export interface OneShotStreams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: ConsoleOutput;
  /** Questions and the rendered confirmation go here, so stdout stays clean for --json. */
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

const SWITCHES = ["json", "yes"];

/**
 * Runs the command read from the command line, as the operator, and prints its answer. The core
 * it runs on is built by the caller (app/one-shot.ts), after readInvocation() has checked
 * the command line, so a mistake there never opens the store or reaches the API.
 */
export async function runInvocation(
  invocation: Invocation,
  runner: CommandRunner,
  streams: OneShotStreams,
): Promise<void> {
  const actor = operatorActor("cli");
  const first = await runner.run({
    command: invocation.command.name,
    args: invocation.args,
    actor,
    page: invocation.page,
    confirmed: invocation.yes,
    // A long list says `--page N` shows the next page: nobody here could press a button.
    pageButtons: false,
  });
  let view = first;
  // A choice of player may lead to a confirmation (a long ban): each question in turn.
  while (view.outcome === "confirm") {
    const asking = { runner, actor, command: invocation.command.name };
    view = view.choice
      ? await choose(view, view.choice, asking, streams)
      : await confirm(view, asking, streams);
  }
  if (view.outcome === "error" || view.outcome === "denied") {
    throw CommandLineFailure.fromView(view);
  }
  streams.stdout.write(
    invocation.json ? renderJson(view) : await withTextWidths(() => describe(view, streams.stdout)),
  );
}

export interface Invocation {
  command: AnyCommand;
  args: Record<string, string | string[]>;
  page: number | undefined;
  json: boolean;
  yes: boolean;
}

/**
 * The command line read against `catalogue` (offlineCatalogue: the core's, built without a core)
 * and its arguments checked: a mistake here never reaches the API.
 */
export function readInvocation(argv: readonly string[], catalogue: Catalogue): Invocation {
  const taken = takePageOption(argv);
  if (!taken.ok) throw new CommandLineFailure(taken.message, EXIT_USAGE);
  const { page, rest } = taken;
  // A word that is no chat command may be a mistyped `serve` or `doctor`: those are named too.
  const parsed = parseCommandArgv(rest, catalogue, SWITCHES, PROCESS_COMMANDS);
  if (!parsed.ok) throw new CommandLineFailure(parsed.message, EXIT_USAGE);
  const checked = parseArguments(parsed.command, parsed.args);
  if (!checked.ok) {
    const values = { command: parsed.command.name, problem: checked.message };
    throw new CommandLineFailure(t("terminal.oneShot.invalidArguments", values), EXIT_USAGE);
  }
  return {
    command: parsed.command,
    args: parsed.args,
    page,
    json: parsed.switches.has("json"),
    yes: parsed.switches.has("yes"),
  };
}

/** The rendered view; a long list also says how to reach the next page. */
function describe(view: View, stdout: ConsoleOutput): string {
  const text = renderView(view, {
    colour: shouldColour(stdout),
    width: tableWidth(stdout),
    actions: false,
  });
  const next = view.page && view.page.number < view.page.count ? view.page.number + 1 : undefined;
  return next === undefined ? text : `${text}  ${t("terminal.oneShot.nextPage", { next })}\n`;
}

/**
 * The command asks for a second yes. At a terminal the operator answers here; anywhere else
 * nobody can, so it fails and says how to confirm up front.
 */
async function confirm(
  question: View,
  { runner, actor, command }: { runner: CommandRunner; actor: Actor; command: string },
  streams: OneShotStreams,
): Promise<View> {
  const confirmAction = question.actions?.find((action) => action.kind === "confirm");
  const cancelAction = question.actions?.find((action) => action.kind === "cancel");
  if (!streams.stdin.isTTY || !confirmAction) {
    throw new CommandLineFailure(
      t("terminal.oneShot.noTerminalToConfirm", { command }),
      EXIT_USAGE,
    );
  }
  streams.stderr.write(
    await withTextWidths(() =>
      renderView(question, { actions: false, width: tableWidth(streams.stderr) }),
    ),
  );
  if (await askYesNo(t("terminal.oneShot.goAhead"), streams)) {
    return runner.press(confirmAction.id, actor);
  }
  if (cancelAction) await runner.press(cancelAction.id, actor);
  throw cancelled();
}

/**
 * A name several players share. At a terminal the operator picks one by number; anywhere else
 * nobody can, so it fails naming the players' ids, for the command to be given again with one.
 */
async function choose(
  question: View,
  choice: NonNullable<View["choice"]>,
  { runner, actor }: { runner: CommandRunner; actor: Actor },
  streams: OneShotStreams,
): Promise<View> {
  const answers = question.actions?.filter((action) => action.kind === "choose") ?? [];
  const cancelAction = question.actions?.find((action) => action.kind === "cancel");
  if (!streams.stdin.isTTY || answers.length === 0) {
    const ids = choice.players.map((player) => player.gamerId).join(", ");
    const values = { typed: choice.typed, count: choice.players.length, ids };
    throw new CommandLineFailure(t("terminal.oneShot.nameShared", values), EXIT_USAGE);
  }
  streams.stderr.write(
    await withTextWidths(() =>
      renderView(question, { actions: true, width: tableWidth(streams.stderr) }),
    ),
  );
  const picked = await askNumber(
    t("terminal.oneShot.whichOne", { count: answers.length }),
    streams,
  );
  const answer = picked === undefined ? undefined : answers[picked - 1];
  if (answer) return runner.press(answer.id, actor);
  if (cancelAction) await runner.press(cancelAction.id, actor);
  throw cancelled();
}

/** The operator said no, or nothing: nothing was done. */
function cancelled(): CommandLineFailure {
  const message = t("terminal.unanswered", { how: "cancelled", nothingDone: "yes" });
  return new CommandLineFailure(message, EXIT_FAILURE, "cancelled");
}

/** A whole number typed; anything else, Ctrl-C and Ctrl-D included, is none. */
function askNumber(question: string, streams: OneShotStreams): Promise<number | undefined> {
  return ask(question, streams).then((answer) =>
    /^\d+$/.test(answer.trim()) ? Number(answer.trim()) : undefined,
  );
}

/** Anything but y, yes, 예 or 네 (answers.ts), Ctrl-C and Ctrl-D included, is a no. */
function askYesNo(question: string, streams: OneShotStreams): Promise<boolean> {
  return ask(question, streams).then((answer) => yesOrNo(answer) === "yes");
}

/** One line typed at the terminal; Ctrl-C and Ctrl-D answer nothing. */
function ask(question: string, streams: OneShotStreams): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: streams.stdin, output: streams.stderr });
    rl.on("SIGINT", () => rl.close());
    rl.once("close", () => resolve(""));
    rl.question(question, (answer) => {
      resolve(answer);
      rl.close();
    });
  });
}
