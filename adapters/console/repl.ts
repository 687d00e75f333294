// The console: a REPL on node:readline over the core's CommandRunner, acting as the operator.
// `ban gamer-1 3` and `/ban gamer-1 3` both work (the text parser drops the slash); a view
// with actions (a confirmation, page turns) asks for a number and presses the chosen action.
// Whatever happens inside a command, the operator sees one line, never a stack trace.
import { createInterface, type Interface } from "node:readline";
import { usageOf } from "../../src/commands/parse-arguments.js";
import type { CommandRunner } from "../../src/commands/runner.js";
import { parseCommandText } from "../../src/commands/text-parser.js";
import { type Actor, operatorActor } from "../../src/moderation/roles.js";
import type { View } from "../../src/moderation/view.js";
import { painter, shouldColour } from "./colour.js";
import { commandCompleter, LEAVE_WORDS } from "./completion.js";
import { DEFAULT_WIDTH, renderView } from "./render.js";
import { safeLine } from "./terminal-text.js";

export const PROMPT = "chatwarden> ";
const HISTORY_SIZE = 500;

/** Where the console writes: a terminal (colour, its width) or anything else (plain text). */
export type ConsoleOutput = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export interface ReplOptions {
  runner: CommandRunner;
  input: NodeJS.ReadableStream;
  output: ConsoleOutput;
  /** Default: the operator at this console, as an admin. */
  actor?: Actor;
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
  const actor = options.actor ?? operatorActor("console");
  const now = options.now ?? (() => new Date());
  const colour = shouldColour(output);
  const paint = painter(colour);
  const say = (text: string) => output.write(text);
  const sayError = (message: string) => say(`${paint("red", "✖")} ${safeLine(message)}\n`);
  const show = (view: View) =>
    say(
      renderView(view, {
        now: now(),
        colour,
        // Read each time: the operator may resize the terminal during the session.
        width: Math.min(DEFAULT_WIDTH, output.columns ?? DEFAULT_WIDTH),
      }),
    );

  const rl = createInterface({
    input,
    output,
    prompt: PROMPT,
    completer: commandCompleter(runner.catalogue),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  rl.on("SIGINT", () => clearLineOrLeave(rl));
  // While a command runs there is no prompt to print above: its news waits for the next prompt,
  // so the command's own answer comes first and nothing lands in the middle of it.
  let running = false;
  const held: View[] = [];
  const stopAnnouncements = options.announcements?.((view) => {
    if (running) {
      held.push(view);
      return;
    }
    // Clear the prompt line, print the view, then redraw the prompt with what was typed so far.
    if (output.isTTY) say("\r\x1b[K");
    show(view);
    rl.prompt(true);
  });
  const leave = () => rl.close();
  signal?.addEventListener("abort", leave, { once: true });
  if (signal?.aborted) leave();
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | undefined> => {
    running = false;
    for (const view of held.splice(0)) show(view);
    rl.setPrompt(prompt);
    rl.prompt();
    const next = await lines.next();
    running = true;
    return next.done ? undefined : next.value;
  };

  /** Runs one typed command; a view comes back unless the text did not parse. */
  const runText = async (text: string): Promise<View | undefined> => {
    const parsed = parseCommandText(text, runner.catalogue);
    if (!parsed.ok) {
      sayError(parsed.message);
      return undefined;
    }
    return runner.run({ command: parsed.command.name, args: parsed.args, actor });
  };

  /**
   * Offers the view's actions until one leads nowhere further. Returns text the operator typed
   * instead of a number: a new command, run next. `null`: the session ended while asking.
   */
  const offerActions = async (first: View): Promise<string | undefined | null> => {
    let view = first;
    while (view.actions && view.actions.length > 0) {
      const count = view.actions.length;
      const answer = await ask(`choose 1-${count} (Enter to skip)> `);
      if (answer === undefined) return null;
      const text = answer.trim();
      if (text === "") return undefined;
      if (!/^\d+$/.test(text)) return text;
      const action = view.actions[Number(text) - 1];
      if (!action) {
        sayError(`There is no choice ${text}: choose a number from 1 to ${count}.`);
        continue;
      }
      if (action.form) {
        // A terminal has no forms: the command line with what is known filled in does the job.
        const command = runner.find(action.form.command);
        if (command) say(`type: ${safeLine(usageOf(command, action.form.args))}\n`);
        return undefined;
      }
      view = await runner.press(action.id, actor);
      show(view);
    }
    return undefined;
  };

  say(`chatwarden console: type help for the commands; Tab completes; exit leaves.\n`);
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
        sayError(`Something went wrong: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    stopAnnouncements?.();
    signal?.removeEventListener("abort", leave);
    rl.close();
  }
}

/** Ctrl-C drops what is typed so far, as in a shell; on an empty line it leaves. */
function clearLineOrLeave(rl: Interface): void {
  if (rl.line === "") {
    rl.close();
    return;
  }
  rl.write(null, { ctrl: true, name: "e" });
  rl.write(null, { ctrl: true, name: "u" });
}
