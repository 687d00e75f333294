// CommandRunner: the one path every command takes, from every platform. It finds the command,
// checks the role, parses the arguments, applies REQUIRE_REASON and the confirmation policy,
// runs the handler, records the case and pages long lists. Adapters call `run` and `press`.
import type { Logger } from "pino";
import { ChatApiError } from "../chat-api/errors.js";
import { ReportButtons } from "../feed/report-buttons.js";
import type { ReportKey } from "../feed/report-store.js";
import { type Presentation, presentation, presenting } from "../i18n/presentation.js";
import { t } from "../i18n/translate.js";
import type { Metrics } from "../metrics/metrics.js";
import type { PendingActions, StoredRequest } from "../moderation/actions.js";
import type { Case, Completion, NewCase } from "../moderation/cases.js";
import { type Actor, hasRole } from "../moderation/roles.js";
import { storeDownView } from "../moderation/store-down-view.js";
import { LockTimeoutError } from "../store/store-lock.js";
import type { FormRequest } from "../view/form-action.js";
import type { Outcome, View, ViewPlayer } from "../view/view.js";
import type { Catalogue } from "./catalogue.js";
import type { AnyCommand, CommandContext, HandlerAnswer } from "./command.js";
import { expectedVisibility } from "./expected-visibility.js";
import { type CommandAnswer, type ItemTable, rowCount, tableRows } from "./item-table.js";
import { indexAfter, ListSnapshot } from "./list-snapshot.js";
import { PAGE_SIZE, type PageTurn, pageWindow } from "./page-window.js";
import { parseArguments } from "./parse-arguments.js";
import {
  type PlayerChoice,
  playerLabel,
  type ResolvedPlayer,
  resolvePlayers,
} from "./player-argument.js";

export interface CommandRequest {
  /** The command's full name: `ban`, `channels list`. */
  command: string;
  /** Raw values by argument name (strings from text, typed values from forms). */
  args: Record<string, unknown>;
  actor: Actor;
  /** 1-based page of a list. */
  page?: number;
  /**
   * Set by a page button: the list as the moderator saw it, and the row the page turns from
   * (page-window.ts). Without it (a list asked for now, `--page N`) the list is read afresh.
   */
  turn?: PageTurn;
  /** Set by the one-shot CLI's --yes (and by the confirm button itself). */
  confirmed?: boolean;
  /** Set by a report card's button: the exact report that card shows (CommandContext.pressed). */
  pressed?: ReportKey;
  /**
   * False where nobody can press a button (the one-shot CLI, which says `--page N` instead): a
   * long list is cut to its page without storing page-turn buttons.
   */
  pageButtons?: boolean;
}

export const CONFIRMATION_TTL_MS = 60_000;
const PAGE_TTL_MS = 15 * 60_000;

export { PAGE_SIZE };

type Dependencies = Omit<
  CommandContext,
  "actor" | "catalogue" | "pressed" | "confirmed" | "snapshot"
> & {
  /** The team's language and zone (CHATWARDEN_LOCALE, DISPLAY_TIMEZONE): what cases keep in words. */
  team: Presentation;
};

/** What the runner counts: every command run and every button pressed, by outcome. */
export type CommandMetrics = Pick<Metrics, "commandRan" | "buttonPressed">;

export class CommandRunner {
  constructor(
    readonly catalogue: Catalogue,
    private readonly dependencies: Dependencies,
    private readonly logger: Pick<Logger, "error" | "info">,
    private readonly actions: PendingActions,
    private readonly reportButtons: ReportButtons,
    private readonly metrics?: CommandMetrics,
  ) {}

  find(name: string): AnyCommand | undefined {
    return this.catalogue.find(name);
  }

  /**
   * The form a button opens, with the suggestions its command looks up (a report's message)
   * beside those its id carries, which win. A look-up that fails leaves the form as the id has
   * it: a form with fewer suggestions is still a form.
   */
  async prefilledForm(request: FormRequest, actor: Actor): Promise<FormRequest> {
    const command = this.catalogue.find(request.command);
    if (!command?.prefill) return request;
    let found: Record<string, string>;
    try {
      found = await command.prefill(request.args, this.context({ actor }));
    } catch (error) {
      this.logger.error(
        { err: error, command: command.name },
        "a form's suggestions were not read",
      );
      return request;
    }
    const defaults = { ...found, ...request.defaults };
    return Object.keys(defaults).length > 0 ? { ...request, defaults } : request;
  }

  /** Who will see the answer to `request`, told before it runs (expected-visibility.ts). */
  expectedVisibility(request: Omit<CommandRequest, "page" | "confirmed">): View["visibility"] {
    const command = this.catalogue.find(request.command);
    return expectedVisibility(command, request.args, this.dependencies.settings, request.actor);
  }

  async run(request: CommandRequest): Promise<View> {
    let outcome: Outcome = "error";
    try {
      const view = await this.runCommand(request);
      outcome = view.outcome;
      return view;
    } finally {
      // Only catalogue names become labels: an unknown name is whatever someone typed.
      const known =
        this.catalogue.find(request.command) !== undefined ? request.command : undefined;
      this.metrics?.commandRan(known, request.actor.platform, outcome);
    }
  }

  private async runCommand(request: CommandRequest): Promise<View> {
    const command = this.catalogue.find(request.command);
    if (!command) {
      return errorView(
        t("runner.unknownCommand.title"),
        t("runner.unknownCommand.description", { command: request.command }),
      );
    }
    const { actor } = request;

    if (!hasRole(actor, command.role)) {
      // The player a refused action aimed at, when the arguments make sense, so that history
      // and the audit trail show who was nearly acted on.
      const attempted = parseArguments(command, request.args);
      await this.recordDenial({
        actor,
        command: command.name,
        target: attempted.ok
          ? await this.deniedTarget(command, attempted.args, request)
          : undefined,
        args: request.args,
        outcome: "denied",
        // The team's record: in its language, whoever was refused.
        error: presenting(this.dependencies.team, () =>
          t("runner.denied.recorded", { role: command.role }),
        ),
      });
      return {
        outcome: "denied",
        title: t("runner.denied.title"),
        description: t("runner.denied.description", {
          command: command.name,
          role: command.role,
          actor: actor.displayName,
          held: actor.role,
        }),
        visibility: "private",
      };
    }

    const parsed = parseArguments(command, request.args);
    if (!parsed.ok) return errorView(invalidArguments(command), parsed.message);

    // A report card's button acts on exactly the player its card shows: its id, not a name.
    const resolution = request.pressed
      ? { kind: "resolved" as const, args: parsed.args, players: [] }
      : await resolvePlayers(command, parsed.args, this.dependencies);
    if (resolution.kind === "invalid") {
      return errorView(invalidArguments(command), resolution.message);
    }
    if (resolution.kind === "choose") return this.askChoice(request, resolution.choice);
    const { args, players } = resolution;
    // From here on the request names each player by id: a button it stores runs on that player.
    const resolved: CommandRequest = {
      ...request,
      args: {
        ...request.args,
        ...Object.fromEntries(players.map((player) => [player.argument, player.gamerId])),
      },
    };

    if (!request.confirmed && (command.confirm || command.reviseConfirm)) {
      // Nothing to do is said at once, never asked about first (an announcement to a channel
      // that does not exist); it is asked again once confirmed (execute).
      const nothing = await command.nothingToDo?.(args, this.context(request));
      if (nothing) return nothing;
    }
    const asked = command.confirm?.(args, this.dependencies.settings);
    const revised =
      command.reviseConfirm && !request.confirmed
        ? await command.reviseConfirm(args, this.context(resolved), asked)
        : asked;
    const question = [unseenQuestion(command, players), revised].filter(Boolean).join(" ");
    if (question && !request.confirmed) {
      return withPlayer(await this.askConfirmation(resolved, question), players);
    }

    const snapshot = new ListSnapshot(request.turn?.snapshot);
    const view = await this.execute(command, args, resolved, snapshot);
    const paged = await this.paginate(view, resolved, command, snapshot);
    return withPlayer(paged, players, playerNotices(command, players));
  }

  /**
   * A name several players share: which one? One button per player (and Cancel), settled by the
   * first press like a confirmation; the chosen one runs the command with that player's id.
   */
  private async askChoice(request: CommandRequest, choice: PlayerChoice): Promise<View> {
    const { answers, cancel } = await this.actions.choose(
      request.actor,
      storable(request),
      { argument: choice.argument, values: choice.players.map((player) => player.gamerId) },
      CONFIRMATION_TTL_MS,
    );
    return {
      outcome: "confirm",
      title: t("runner.choice.title", { typed: choice.typed }),
      description: t("runner.choice.description", {
        typed: choice.typed,
        count: choice.players.length,
        more: choice.more ? "yes" : "no",
        seconds: CONFIRMATION_TTL_MS / 1000,
      }),
      table: {
        columns: [
          { key: "player", label: t("runner.choice.player") },
          { key: "seen", label: t("runner.choice.lastSeen") },
        ],
        rows: choice.players.map((player) => ({
          player: playerLabel(player),
          seen: { time: player.lastSeenAt },
        })),
        emptyText: "",
        unpaged: true,
      },
      actions: [
        ...choice.players.map((player, index) => ({
          id: answers[index] ?? "",
          kind: "choose" as const,
          label: playerLabel(player),
          style: "primary" as const,
        })),
        { id: cancel, kind: "cancel", label: t("runner.cancel"), style: "secondary" },
      ],
      choice: { typed: choice.typed, players: choice.players },
      visibility: "private",
      data: {
        choice: {
          typed: choice.typed,
          players: choice.players.map((player) => ({
            gamer_id: player.gamerId,
            name: player.name ?? null,
            last_seen_at: player.lastSeenAt.toISOString(),
          })),
        },
      },
    };
  }

  /**
   * A button was pressed: a confirmation, a cancel, a page turn, or a report card's action. The
   * press runs as the person pressing, with their role now, not the one they had when asked.
   */
  async press(actionId: string, actor: Actor): Promise<View> {
    let outcome: Outcome = "error";
    try {
      const view = await this.pressButton(actionId, actor);
      outcome = view.outcome;
      return view;
    } catch (error) {
      // What a press reads or claims in the store comes before it acts (the action's own
      // failures are views): the store failed first, and nothing was done.
      const problem = this.dependencies.cases.storeFailed(error);
      this.logger.error({ err: error, action: actionId }, `a press could not be taken: ${problem}`);
      return storeDownView(this.dependencies.cases.shownFailure(error));
    } finally {
      this.metrics?.buttonPressed(actionId, outcome);
    }
  }

  private async pressButton(actionId: string, actor: Actor): Promise<View> {
    if (ReportButtons.owns(actionId)) {
      return this.reportButtons.press(actionId, actor, (command, args, pressed) =>
        this.run({ command, args, actor, pressed }),
      );
    }
    const decision = await this.actions.take(actionId, actor, (kind) =>
      kind === "question" ? CONFIRMATION_TTL_MS : PAGE_TTL_MS,
    );
    switch (decision.kind) {
      case "refused":
        return decision.view;
      case "confirm":
        return this.run({ ...decision.request, actor, confirmed: true });
      case "page":
      case "choose":
        return this.run({ ...decision.request, actor });
      case "cancel":
        return {
          outcome: "info",
          title: t("runner.cancelled.title"),
          description: t("runner.cancelled.description", { command: decision.request.command }),
          visibility: "private",
        };
    }
  }

  private async askConfirmation(request: CommandRequest, question: string): Promise<View> {
    // Confirm and Cancel are one stored decision: whichever is pressed first settles both.
    const { confirm: confirmId, cancel: cancelId } = await this.actions.ask(
      request.actor,
      storable(request),
      CONFIRMATION_TTL_MS,
    );
    return {
      outcome: "confirm",
      title: t("runner.confirm.title"),
      description: t("runner.confirm.description", {
        question,
        seconds: CONFIRMATION_TTL_MS / 1000,
      }),
      actions: [
        { id: confirmId, kind: "confirm", label: t("runner.confirm"), style: "danger" },
        { id: cancelId, kind: "cancel", label: t("runner.cancel"), style: "secondary" },
      ],
      visibility: "private",
    };
  }

  private async execute(
    command: AnyCommand,
    args: Record<string, unknown>,
    request: CommandRequest,
    snapshot: ListSnapshot,
  ): Promise<CommandAnswer> {
    const context = this.context(request, snapshot);
    if (!command.mutates) return written(await this.handle(command, args, context));
    const nothing = await command.nothingToDo?.(args, context);
    if (nothing) return nothing;
    // Intent before action: no API write without its case stored first.
    const { cases } = this.dependencies;
    let opened: Case;
    try {
      opened = await cases.open({
        actor: request.actor,
        command: command.name,
        target: await command.target?.(args, context),
        args,
        reason: typeof args.reason === "string" ? args.reason : undefined,
      });
    } catch (error) {
      const problem = cases.describeFailure(error);
      this.logger.error({ err: error, command: command.name }, `case not recorded: ${problem}`);
      return errorView(
        t("runner.notDone.title", { command: command.name }),
        t("runner.notDone.description", { problem: cases.shownFailure(error) }),
      );
    }
    const answer = await this.handle(command, args, context);
    const view = written(answer);
    const kept = this.keptAnswer(answer, view);
    const failed = view.outcome === "error";
    const completion: Completion = {
      outcome: failed ? "failed" : "success",
      answer: kept.data,
      error: failed ? kept.description : undefined,
    };
    try {
      await cases.complete(opened.number, completion);
    } catch (error) {
      const problem = cases.describeFailure(error);
      this.logger.error(
        { err: error, command: command.name, case: opened.number },
        `case #${opened.number} could not be completed: ${problem}; it is recorded once the store answers again`,
      );
      // This process knows how it ended: it records that itself once the store is back (a
      // restart in between settles it from the chat API instead).
      cases.completeWhenBack(opened.number, completion);
      return {
        ...view,
        caseNumber: opened.number,
        notices: [
          ...(view.notices ?? []),
          t("runner.caseNotRecorded", {
            failed: failed ? "yes" : "no",
            problem: cases.shownFailure(error),
            number: opened.number,
          }),
        ],
      };
    }
    return {
      ...view,
      caseNumber: opened.number,
      notices: [...(view.notices ?? []), t("runner.case", { number: opened.number })],
    };
  }

  /** Runs the handler; a failure becomes the view a moderator reads (and the case keeps). */
  private async handle(
    command: AnyCommand,
    args: Record<string, unknown>,
    context: CommandContext,
  ): Promise<HandlerAnswer> {
    try {
      return await command.handle(args, context);
    } catch (error) {
      if (!(error instanceof ChatApiError || error instanceof LockTimeoutError)) {
        this.logger.error({ err: error, command: command.name }, "command failed unexpectedly");
      }
      return () => errorView(t("runner.failed", { command: command.name }), describeFailure(error));
    }
  }

  /**
   * The answer as the case keeps it: written again in the team's language and zone when the
   * handler gave a writer (command.ts `HandlerAnswer`), so that a Korean moderator's failure on an
   * English team reads in English in the audit channel and the export, as everyone else's does.
   */
  private keptAnswer(answer: HandlerAnswer, shown: CommandAnswer): CommandAnswer {
    const { team } = this.dependencies;
    const asked = presentation();
    // Asked in the team's own way (the usual case): what was shown is what the case keeps.
    if (asked.locale === team.locale && asked.timeZone === team.timeZone) return shown;
    return typeof answer === "function" ? presenting(team, answer) : shown;
  }

  /** Whom a refused command aimed at, when that can be told (a store lookup may fail: then not). */
  private async deniedTarget(
    command: AnyCommand,
    args: Record<string, unknown>,
    request: CommandRequest,
  ): Promise<string | undefined> {
    try {
      return await command.target?.(args, this.context(request));
    } catch {
      return undefined;
    }
  }

  /** A refusal is recorded; a store that cannot take it is logged, and the refusal still stands. */
  private async recordDenial(denial: NewCase): Promise<void> {
    try {
      await this.dependencies.cases.record(denial);
    } catch (error) {
      this.logger.error(
        { err: error, command: denial.command },
        `refusal not recorded: ${this.dependencies.cases.describeFailure(error)}`,
      );
    }
  }

  private context(
    request: Pick<CommandRequest, "actor" | "pressed" | "confirmed">,
    snapshot = new ListSnapshot(undefined),
  ): CommandContext {
    return {
      ...this.dependencies,
      actor: request.actor,
      pressed: request.pressed,
      confirmed: request.confirmed,
      catalogue: this.catalogue,
      snapshot,
    };
  }

  /**
   * Cuts a long table to one page and adds the page-turn buttons, for every command alike. A page
   * past the last is answered with how many there are, not with another page; after an action
   * (done by then) the last page is shown instead. A page button turns the list as it was shown
   * (list-snapshot.ts): what arrived since is counted in a notice, not shown.
   */
  private async paginate(
    answer: CommandAnswer,
    request: CommandRequest,
    command: AnyCommand,
    snapshot: ListSnapshot,
  ): Promise<View> {
    const { table, ...answered } = answer;
    const notices = [...(answered.notices ?? []), ...snapshot.notices(command.name)];
    const view = notices.length > 0 ? { ...answered, notices } : answered;
    if (!table) return view;
    const rows = rowCount(table);
    if (table.unpaged || rows === 0) return { ...view, table: await tableRows(table) };
    const count = Math.ceil(rows / PAGE_SIZE);
    const byNumber = request.turn === undefined;
    if (byNumber && request.page !== undefined && request.page > count && !command.mutates) {
      return errorView(
        t("runner.noPage.title", { page: request.page }),
        t("runner.noPage.description", { count }),
      );
    }
    if (rows <= PAGE_SIZE) return { ...view, table: await tableRows(table) };
    const paged = "items" in table ? table : undefined;
    const window = pageWindow(rows, request.page, turnedFrom(paged, request.turn));
    const { start, end, number } = window;
    const onePage = {
      ...view,
      table: await tableRows(table, start, end),
      page: { number, count: window.count },
    };
    if (request.pageButtons === false) return onePage;
    const placeOf = (index: number) => {
      const item = paged?.items[index];
      return paged?.paging && item !== undefined ? paged.paging.place(item) : undefined;
    };
    const taken = snapshot.taken();
    const turnTo = async (page: number, label: string, turn: PageTurn | undefined) => ({
      id: await this.actions.page(request.actor, { ...storable(request), page, turn }, PAGE_TTL_MS),
      kind: "page" as const,
      label,
      style: "secondary" as const,
    });
    // Only a list in a known order turns by place; any other by number, as it is read then.
    const turn = (from: "after" | "before", index: number): PageTurn | undefined => {
      const place = placeOf(index);
      return place ? { snapshot: taken, [from]: place } : undefined;
    };
    const actions = [...(view.actions ?? [])];
    if (start > 0) {
      actions.push(await turnTo(number - 1, t("runner.previousPage"), turn("before", start)));
    }
    if (end < rows) {
      actions.push(await turnTo(number + 1, t("runner.nextPage"), turn("after", end - 1)));
    }
    return { ...onePage, actions };
  }
}

/** Where a page button's row stands in the list now: the index after it, or its own. */
function turnedFrom(
  table: ItemTable<unknown> | undefined,
  turn: PageTurn | undefined,
): { after: number } | { before: number } | undefined {
  const list = table?.paging;
  if (!table || !list || !turn) return undefined;
  if (turn.after) return { after: indexAfter(table.items, list, turn.after, true) };
  if (turn.before) return { before: indexAfter(table.items, list, turn.before, false) };
  return undefined;
}

/** "10003x has never appeared in a report, a channel or a ban: ban anyway?" for a change. */
function unseenQuestion(command: AnyCommand, players: readonly ResolvedPlayer[]): string {
  if (!command.mutates) return "";
  return players
    .filter((player) => player.matchedBy === "unseen")
    .map((player) => t("player.unseenQuestion", { gamerId: player.gamerId, command: command.name }))
    .join(" ");
}

/** What the answer says of how its player was read: "ShadowFox is 10003". */
function playerNotices(command: AnyCommand, players: readonly ResolvedPlayer[]): string[] {
  return players.flatMap((player) => {
    if (player.matchedBy === "name") {
      return [t("player.isId", { typed: player.typed, gamerId: player.gamerId })];
    }
    // A change was asked about first; a read says it beside what it found (or did not).
    if (player.matchedBy === "unseen" && !command.mutates) {
      return [t("player.unseenNotice", { gamerId: player.gamerId })];
    }
    return [];
  });
}

/** The view with the player its command named (for `--json`), and the notices about it first. */
function withPlayer(view: View, players: readonly ResolvedPlayer[], notices: string[] = []): View {
  const [first] = players;
  if (!first) return view;
  const player: ViewPlayer = {
    gamerId: first.gamerId,
    ...(first.name === undefined ? {} : { name: first.name }),
    ...(first.lastSeenAt === undefined ? {} : { lastSeenAt: first.lastSeenAt }),
    matchedBy: first.matchedBy,
    typed: first.typed,
  };
  const all = [...notices, ...(view.notices ?? [])];
  return { ...view, player, ...(all.length > 0 ? { notices: all } : {}) };
}

/** What a button needs to run the request again: the command and its raw arguments. */
function storable(request: CommandRequest): StoredRequest {
  return {
    command: request.command,
    args: request.args,
    page: request.page,
    // A confirmed press still acts on the card pressed (a report id given out again names another).
    ...(request.pressed ? { pressed: request.pressed } : {}),
  };
}

function invalidArguments(command: AnyCommand): string {
  return t("runner.invalidArguments", { command: command.name });
}

/** The answer in the language of the work running now: a writer is called here. */
function written(answer: HandlerAnswer): CommandAnswer {
  return typeof answer === "function" ? answer() : answer;
}

function errorView(title: string, description: string): View {
  return { outcome: "error", title, description, visibility: "private" };
}

/** What a moderator reads when something fails: the chat API's own words, or a plain apology. */
function describeFailure(error: unknown): string {
  if (error instanceof ChatApiError) return error.shown();
  if (error instanceof LockTimeoutError) return error.shown();
  return t("common.internalError.description");
}
