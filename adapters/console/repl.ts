// The console: a REPL on node:readline over the core's CommandRunner, acting as the operator.
// `ban gamer-1 3` and `/ban gamer-1 3` both work (the text parser drops the slash); a view
// with actions (a confirmation, page turns) asks for a number and presses the chosen action.
// Whatever happens inside a command, the operator sees one line, never a stack trace.
import { createInterface, type Interface } from "node:readline";
import {
  type Actor,
  type AnyCommand,
  type CommandRunner,
  type CompletionProvider,
  commandDraft,
  operatorActor,
  parseCommandText,
  presentation,
  presenting,
  readFormAction,
  t,
  usageOf,
  type View,
  type ViewAction,
  yesOrNo,
} from "../../src/index.js";
import { choicesOf } from "./choices.js";
import { painter, shouldColour } from "./colour.js";
import { commandCompleter, consoleCompleter, LEAVE_WORDS } from "./completion.js";
import { loadWideTextWidths } from "./display-width.js";
import { takePageOptionFromLine } from "./page-option.js";
import { renderView, tableWidth } from "./render.js";
import { safeLine } from "./terminal-text.js";

export const PROMPT = "chatwarden> ";
const HISTORY_SIZE = 500;
/** Ctrl-C at a question: it ends the question, not the console. */
const CANCELLED = Symbol("cancelled");
/** A line typed, Ctrl-C at a question, or undefined: the session ended. */
type Answer = string | typeof CANCELLED | undefined;

/** Where the console writes: a terminal (colour, its width) or anything else (plain text). */
export type ConsoleOutput = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export interface ReplOptions {
  runner: CommandRunner;
  input: NodeJS.ReadableStream;
  output: ConsoleOutput;
  /** Default: the operator at this console, as an admin. */
  actor?: Actor;
  /** Players for Tab (`ban Sha`); without it, Tab completes command names only. */
  completions?: Pick<CompletionProvider, "suggest">;
  now?: () => Date;
  /** Aborting ends the session (a SIGTERM to serve or demo). */
  signal?: AbortSignal;
  /**
   * Views that arrive on their own (the report feed's new cards): printed above the prompt as
   * they come, without breaking the line being typed. Returns the unsubscribe function.
   */
  announcements?: (show: (view: View) => void) => () => void;
}

/** Runs until exit, quit, Ctrl-D, Ctrl-C on an empty line, or the signal. */
export async function runRepl(options: ReplOptions): Promise<void> {
  const { runner, input, output, signal } = options;
  // The console shows whatever the chat holds: every width is measured from the start.
  await loadWideTextWidths();
  const actor = options.actor ?? operatorActor("console");
  const now = options.now ?? (() => new Date());
  const colour = shouldColour(output);
  const paint = painter(colour);
  const say = (text: string) => output.write(text);
  const sayError = (message: string) => say(`${paint("red", "✖")} ${safeLine(message)}\n`);
  // The session's language and zone: news arriving on its own (the feed's cards) is shown in
  // them too, whatever work announced it.
  const presented = presentation();
  const show = (view: View) =>
    say(
      renderView(view, {
        now: now(),
        colour,
        // Read each time: the operator may resize the terminal during the session.
        width: tableWidth(output),
      }),
    );

  /** Clears the prompt line, prints, then draws the prompt again with what was typed so far. */
  const aboveThePrompt = (print: () => void) => {
    if (output.isTTY) say("\r\x1b[K");
    print();
    rl.prompt(true);
  };
  const { completions } = options;
  const rl = createInterface({
    input,
    output,
    prompt: PROMPT,
    completer: completions
      ? consoleCompleter(
          runner.catalogue,
          (source, typed) => completions.suggest(source, typed),
          (labels) => aboveThePrompt(() => say(`${labels.map(safeLine).join("  ")}\n`)),
        )
      : commandCompleter(runner.catalogue),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  // Lines typed while nothing waits (a command is running) are kept for the next prompt.
  const typed: string[] = [];
  let waiting: ((answer: Answer) => void) | undefined;
  let closed = false;
  let questionOpen = false;
  const answer = (value: Answer) => {
    const resolve = waiting;
    waiting = undefined;
    resolve?.(value);
  };
  rl.on("line", (line) => {
    if (waiting) answer(line);
    else typed.push(line);
  });
  rl.on("close", () => {
    closed = true;
    answer(undefined);
  });
  rl.on("SIGINT", () => {
    if (questionOpen && waiting) {
      clearLine(rl);
      answer(CANCELLED);
    } else clearLineOrLeave(rl);
  });
  // While a command runs there is no prompt to print above: its news waits for the next prompt,
  // so the command's own answer comes first and nothing lands in the middle of it.
  let running = false;
  const held: View[] = [];
  const stopAnnouncements = options.announcements?.((view) => {
    if (running) {
      held.push(view);
      return;
    }
    presenting(presented, () => aboveThePrompt(() => show(view)));
  });
  const leave = () => rl.close();
  signal?.addEventListener("abort", leave, { once: true });
  if (signal?.aborted) leave();
  /** A command line put in the input line at the next prompt, for the operator to finish. */
  let draft: string | undefined;
  const ask = async (prompt: string, question = false): Promise<Answer> => {
    running = false;
    for (const view of held.splice(0)) show(view);
    if (closed) return undefined;
    rl.setPrompt(prompt);
    rl.prompt();
    // "rl.write() will write the data to the readline Interface's input as if it were provided
    // by the user" (https://nodejs.org/api/readline.html#rlwritedata-key): the draft is in the
    // line, to edit or complete. Not when a line typed ahead is answered instead.
    if (draft !== undefined && typed.length === 0) rl.write(draft);
    draft = undefined;
    questionOpen = question;
    const next =
      typed.shift() ??
      (await new Promise<Answer>((resolve) => {
        waiting = resolve;
      }));
    questionOpen = false;
    running = true;
    return next;
  };

  /** Typing goes into readline's line editor, not a pipe whose next lines would join a draft. */
  const editsLines = rl.terminal && "isTTY" in input && input.isTTY === true;

  /**
   * A terminal has no forms: the command line with what is known filled in does the job. At a
   * terminal it waits in the input line, what is left to type (the days) going last, where the
   * cursor is: Enter after them runs it. Last, not in the middle: Node 20's readline puts
   * characters that arrive together (a paste, `7d` in one read) at the end of the line, not at
   * the cursor. Piped input, or a line holding what a terminal must not be sent (a control, a
   * bidirectional override), gets the line printed to type instead.
   */
  const offerCommandLine = (command: AnyCommand, known: Record<string, string>) => {
    const prepared = commandDraft(command, known);
    if (editsLines && safeLine(prepared.line) === prepared.line) {
      const missing = prepared.missing.map((name) => `<${name}>`).join(" ");
      if (missing) say(`${paint("dim", t("terminal.console.completeTheLine", { missing }))}\n`);
      draft = prepared.line;
    } else {
      say(`${t("terminal.console.typeThis", { line: safeLine(usageOf(command, known)) })}\n`);
    }
  };

  /** The words a command line starts with: at a question, anything else is a mistyped answer. */
  const commandWords = new Set<string>([...runner.catalogue.topLevelNames(), ...LEAVE_WORDS]);

  /** Runs one typed command; a view comes back unless the text did not parse. */
  const runText = async (text: string): Promise<View | undefined> => {
    const line = takePageOptionFromLine(text);
    if (!line.ok) {
      sayError(line.message);
      return undefined;
    }
    const parsed = parseCommandText(line.text, runner.catalogue);
    if (!parsed.ok) {
      sayError(parsed.message);
      return undefined;
    }
    return runner.run({ command: parsed.command.name, args: parsed.args, actor, page: line.page });
  };

  /**
   * A question left unanswered: a confirmation is settled as cancelled, so that nothing is done
   * whatever happens to it later. True when it was a confirmation.
   */
  const settleUnanswered = async (view: View): Promise<boolean> => {
    const cancel = view.actions?.find((action) => action.kind === "cancel");
    if (cancel) await runner.press(cancel.id, actor);
    return cancel !== undefined;
  };

  /**
   * Offers the view's actions until one leads nowhere further. Returns text the operator typed
   * instead of an answer: a new command, run next. `null`: the session ended while asking.
   */
  const offerActions = async (first: View): Promise<string | undefined | null> => {
    let view = first;
    // The actions, then a menu's options (choices.ts): numbered as the view shows them.
    for (let choices = choicesOf(view); choices.length > 0; choices = choicesOf(view)) {
      const reply = await ask(t("terminal.console.choosePrompt", { count: choices.length }), true);
      if (reply === undefined) return null;
      if (reply === CANCELLED || reply.trim() === "") {
        // Ctrl-C leaves the cursor on the question's line; Enter has already left it.
        if (reply === CANCELLED) say("\n");
        const how = reply === CANCELLED ? "cancelled" : "skipped";
        const nothingDone = (await settleUnanswered(view)) ? "yes" : "no";
        say(`${t("terminal.unanswered", { how, nothingDone })}\n`);
        return undefined;
      }
      const chosen = chooseAction(choices, reply.trim(), commandWords);
      if (chosen === undefined) {
        await settleUnanswered(view);
        return reply;
      }
      if ("problem" in chosen) {
        sayError(chosen.problem);
        continue;
      }
      const { action } = chosen;
      if (action.kind === "form") {
        const request = readFormAction(action.id);
        const command = request && runner.find(request.command);
        if (request && command) {
          const prefilled = await runner.prefilledForm(request, actor);
          offerCommandLine(command, { ...prefilled.defaults, ...prefilled.args });
        }
        return undefined;
      }
      view = await runner.press(action.id, actor);
      show(view);
    }
    return undefined;
  };

  say(`${t("terminal.console.welcome")}\n`);
  try {
    let typedAhead: string | undefined;
    for (;;) {
      const line = typedAhead ?? (await ask(PROMPT));
      typedAhead = undefined;
      if (line === undefined) {
        // Ctrl-D leaves the cursor after the prompt; the shell's prompt belongs on a new line.
        say("\n");
        break;
      }
      // Never at this prompt (Ctrl-C here clears the line or leaves), but the type allows it.
      if (line === CANCELLED) continue;
      const text = line.trim();
      if (text === "") continue;
      if ((LEAVE_WORDS as readonly string[]).includes(text.replace(/^\//, "").toLowerCase())) break;
      try {
        const view = await runText(text);
        if (!view) continue;
        show(view);
        const next = await offerActions(view);
        if (next === null) break;
        typedAhead = next;
      } catch (error) {
        // The runner answers every expected failure with a view; this is the unexpected rest.
        const message = error instanceof Error ? error.message : String(error);
        sayError(t("terminal.console.somethingWentWrong", { message }));
      }
    }
  } finally {
    stopAnnouncements?.();
    signal?.removeEventListener("abort", leave);
    rl.close();
  }
}

/**
 * The action an answer names: its number, or for a confirmation y/yes (Confirm) and n/no
 * (Cancel). Undefined: the answer is a new command instead (it starts with a command's word).
 */
function chooseAction(
  actions: readonly ViewAction[],
  text: string,
  commandWords: ReadonlySet<string>,
): { action: ViewAction } | { problem: string } | undefined {
  const confirmation = actions.some((action) => action.kind === "confirm");
  const hint = t("terminal.console.chooseHint", {
    count: actions.length,
    confirmation: confirmation ? "yes" : "no",
  });
  const word = text.toLowerCase();
  const answer = yesOrNo(text);
  if (answer) {
    const kind = answer === "yes" ? "confirm" : "cancel";
    const action = actions.find((candidate) => candidate.kind === kind);
    return action ? { action } : { problem: t("terminal.console.noYesOrNo", { hint }) };
  }
  if (/^\d+$/.test(text)) {
    const action = actions[Number(text) - 1];
    return action ? { action } : { problem: t("terminal.console.noSuchChoice", { text, hint }) };
  }
  const first = word.replace(/^\//, "").split(/\s/, 1)[0] ?? "";
  if (commandWords.has(first)) return undefined;
  return { problem: t("terminal.console.neitherChoiceNorCommand", { text, hint }) };
}

/** Ctrl-C drops what is typed so far, as in a shell; on an empty line it leaves. */
function clearLineOrLeave(rl: Interface): void {
  if (rl.line === "") rl.close();
  else clearLine(rl);
}

/** Drops what is typed on the line: to its end, then everything before the cursor. */
function clearLine(rl: Interface): void {
  rl.write(null, { ctrl: true, name: "e" });
  rl.write(null, { ctrl: true, name: "u" });
}
