// What a handler returns: a platform-neutral description of an answer. Each adapter renders it
// its own way (Discord embeds and buttons, Block Kit, a terminal table, JSON). Text in a view
// is plain: adapters escape it for their platform, so user content can never become markup.

export type Outcome = "success" | "info" | "warning" | "error" | "denied" | "confirm";

/**
 * A value that adapters render natively: Discord's <t:…:R>, Slack's <!date>, a UTC string; a
 * link to a message the bot posted (a reminder's card), its text made inert like any text.
 */
export type ViewValue = string | number | { time: Date } | ViewLink;

/** Text that links to `url`: a platform's own address of a message, never one from player text. */
export interface ViewLink {
  text: string;
  url: string;
}

export interface ViewField {
  label: string;
  value: ViewValue;
  inline?: boolean;
}

export interface ViewColumn {
  key: string;
  label: string;
}

export interface ViewTable {
  columns: ViewColumn[];
  rows: Record<string, ViewValue>[];
  /** Shown instead of an empty table. */
  emptyText: string;
  /** A short reference (help) is shown whole; lists of data are cut into pages. */
  unpaged?: boolean;
}

export type ActionStyle = "primary" | "danger" | "secondary";

export type ActionKind = "confirm" | "cancel" | "page" | "form" | "report" | "choose";

/**
 * A button. `id` is opaque to adapters: they put it in the platform's custom id and hand it back
 * to the core when pressed (see moderation/actions.ts, feed/report-buttons.ts and
 * view/form-action.ts, which make and read every kind of id).
 */
export interface ViewAction {
  id: string;
  /**
   * What pressing it does, so that no front end has to recognise a button by its label: a
   * confirmation's two answers, a page turn, an action on a report, one answer of a choice
   * (which of the players with a name), or a form. A form ("Ban…")
   * is not pressed through the runner: it opens a modal on Discord and Slack and a prefilled
   * command line in the terminal, and submitting it runs the command. Its id is the whole
   * request; `readFormAction(id)` reads it back.
   */
  kind: ActionKind;
  label: string;
  style: ActionStyle;
}

/**
 * A menu whose options act as buttons do: the chosen option's `id` goes back to the core as a
 * pressed button's id (a report card's "Dismiss one report…": each option dismisses one report).
 * Discord shows a string select in a row of its own, Slack a static_select, the terminal one
 * numbered choice per option after the actions. Labels are plain text, made inert by each adapter
 * and cut to its platform's limit.
 */
export interface ViewMenu {
  /** The menu's own id, distinct from every action's: the platforms name the menu by it. */
  id: string;
  placeholder: string;
  options: { id: string; label: string }[];
}

/**
 * Whom a post notifies by name: only a role or user group that the configuration names
 * (PRIORITY_ALERT_*), each platform its own; never anything from a view's text, which stays
 * inert. A Discord post allows exactly that role to be mentioned, a Slack post carries exactly
 * that group's mention.
 */
export interface ViewMention {
  discordRoleId?: string;
  slackUserGroupId?: string;
}

export interface View {
  outcome: Outcome;
  title: string;
  description?: string;
  fields?: ViewField[];
  table?: ViewTable;
  notices?: string[];
  actions?: ViewAction[];
  /** Choices beside the actions, in a menu (ViewMenu). */
  menu?: ViewMenu;
  /** Lists longer than one page say where they are; the next page is an action. */
  page?: { number: number; count: number };
  /**
   * `private`: only the invoker sees it (errors, lists, confirmations); `public`: the result of a
   * mutating action, shown to the channel.
   */
  visibility: "private" | "public";
  /** The answer as data, for `--json` and scripts; never contains secrets. */
  data?: unknown;
  /** The case a mutating command recorded (set by the runner), for `--json`. */
  caseNumber?: number;
  /** Set on the high-priority alert only: whom it notifies. */
  mention?: ViewMention;
  /** The player the command's argument named, and how it was found (set by the runner). */
  player?: ViewPlayer;
  /**
   * Set on a question of which player is meant (a name several players share): what was typed
   * and who shares it. Its answers are the view's `choose` actions, in the same order.
   */
  choice?: { typed: string; players: ViewPlayer[] };
  /**
   * A picture that goes with the answer (the chart of `stats`). Discord attaches it to the
   * answer's message and shows it in the embed; Slack uploads it as a file beside a public
   * answer, or in the invoker's direct messages for a private one (a file cannot be
   * ephemeral); the terminal and `--json` leave it out, as the
   * figures it draws are in the view's text and data too. Never the only place a fact is.
   */
  image?: ViewImage;
}

/** A PNG drawn by the core (view/chart), carried whole: the adapters only deliver it. */
export interface ViewImage {
  png: Uint8Array;
  /** What it shows, in words: Discord's attachment description, Slack's alt text. */
  alt: string;
  /**
   * `letters-digits_-.png`: Discord refers to an attachment from an embed as
   * `attachment://filename`, which allows only ASCII letters, digits, `_`, `-` and `.`.
   */
  filename: string;
}

/** A player as a view names one: `Name (id)` where a name is known. */
export interface ViewPlayer {
  gamerId: string;
  name?: string;
  /** When the bot last saw the id anywhere; absent for an id it has never seen. */
  lastSeenAt?: Date;
  /** How the argument was read: an id seen, the one player with a name, an id never seen. */
  matchedBy?: "id" | "name" | "unseen";
  /** What was typed, where it was a name. */
  typed?: string;
}
