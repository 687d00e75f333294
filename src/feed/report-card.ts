// How a card reads, on every platform: who reported whom (names and ids), the category, the
// reason, the reported message, when, the report id and status, and the buttons: the ban the
// sanction ladder suggests with why ("Ban 7d · 2nd offence"), Ban…, Dismiss, History and Filter…
// (admins: words of the message to a profanity filter), and Take (who is looking at it, shown to
// all: card-takes.ts). Several reports against one player share one card ("3 reports against
// NAME") that lists each, up to a limit, with a menu that dismisses one listed report alone
// ("Dismiss one report…"; the rest by `dismiss ID --only`). Once settled, the card says who did
// what and keeps only History. A card one of whose report ids the chat API has since given to a
// report against another player says so, and stays with its own player. The text is plain: each
// adapter makes it inert for its platform.
import type { Report } from "../chat-api/schemas.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { actorShown } from "../moderation/case-words.js";
import { offenceText } from "../moderation/ladder.js";
import { priorityLine } from "../moderation/priority.js";
import { capitalised } from "../view/capitalised.js";
import { formAction } from "../view/form-action.js";
import type { View, ViewAction, ViewField, ViewMenu, ViewTable, ViewValue } from "../view/view.js";
import { outcomeText } from "./card-outcome.js";
import { takeData, takeLine } from "./card-takes.js";
import { DISMISS_ONE_MENU, reportButtonId } from "./report-buttons.js";
import { type Card, REPORTS_LISTED, type ReportKey } from "./report-store.js";
import { type CardAssessment, ladderData, priorityData } from "./triage.js";

/** The card as every platform shows it, with what triage says of its player (triage.ts). */
export function cardView(card: Card, timeZone: string, assessment: CardAssessment): View {
  const first = card.reports[0];
  const key = card.first;
  if (!first || !key) throw new Error(`card ${card.id} has no reports`);
  const settled = card.state === "banned" || card.state === "dismissed";
  const single = card.reportCount === 1;
  return {
    outcome: settled ? "success" : "warning",
    title: cardTitle(card),
    // While it waits for a moderator: who is looking at it, how urgent it is and why.
    description: [
      stateLine(card),
      ...(card.taken ? [takeLine(card.taken)] : []),
      ...(assessment.priority ? [priorityLine(assessment.priority)] : []),
    ].join("\n"),
    fields: single ? reportFields(first, timeZone) : [],
    table: single ? undefined : reportsTable(card.reports.slice(0, REPORTS_LISTED), timeZone),
    notices: notices(card),
    actions: settled ? [historyAction(key)] : openActions(card, key, assessment),
    menu: settled || single ? undefined : dismissOneMenu(card),
    visibility: "public",
    // The reports listed; `report --json` holds all of them (commands/report.ts).
    data: cardData(card, card.reports, assessment),
  };
}

/** "Report #41 against Night (gamer-7)", or "3 reports against Night (gamer-7)". */
export function cardTitle(card: Card): string {
  const first = card.reports[0];
  if (!first) throw new Error(`card ${card.id} has no reports`);
  const latest = card.latest ?? first;
  const player = `${latest.to_gamer_name} (${card.target})`;
  return card.reportCount === 1
    ? t("cards.title.one", { reportId: first.report_id, player })
    : t("cards.title.many", { count: card.reportCount, player });
}

/** The card as `--json` shows it, with `reports` (those listed, or every one of them). */
export function cardData(card: Card, reports: readonly Report[], assessment: CardAssessment) {
  return {
    card: card.id,
    state: card.state,
    reports,
    priority: priorityData(assessment.priority),
    ladder: ladderData(assessment.ladder),
    taken: takeData(card.taken),
  };
}

/** The reports a card of several lists, one row each: when, by whom, category, reason, message. */
export function reportsTable(reports: readonly Report[], timeZone: string): ViewTable {
  return {
    columns: [
      { key: "id", label: "#" },
      { key: "at", label: t("cards.column.when") },
      { key: "by", label: t("cards.column.by") },
      { key: "keyword", label: t("cards.column.category") },
      { key: "reason", label: t("cards.column.reason") },
      { key: "message", label: t("cards.column.message") },
    ],
    rows: reports.map((report) => ({
      id: report.report_id,
      at: when(report, timeZone),
      by: `${report.from_gamer_name} (${report.from_gamer_id})`,
      keyword: report.keyword,
      reason: report.reason,
      message: report.message,
    })),
    emptyText: t("cards.noReports"),
    unpaged: true,
  };
}

function reportFields(report: Report, timeZone: string): ViewField[] {
  return [
    {
      label: t("cards.field.reported"),
      value: `${report.to_gamer_name} (${report.to_gamer_id})`,
      inline: true,
    },
    {
      label: t("cards.field.reportedBy"),
      value: `${report.from_gamer_name} (${report.from_gamer_id})`,
      inline: true,
    },
    { label: t("cards.field.category"), value: report.keyword, inline: true },
    { label: t("cards.field.reason"), value: report.reason },
    { label: t("cards.field.message"), value: report.message },
    { label: t("cards.field.when"), value: when(report, timeZone), inline: true },
    {
      label: t("cards.field.report"),
      value: t("cards.reportStatus", { reportId: report.report_id, status: report.status }),
      inline: true,
    },
  ];
}

function when(report: Report, timeZone: string): ViewValue {
  const at = parseLocalTimestamp(report.create_at, timeZone);
  return at ? { time: at } : report.create_at;
}

function stateLine(card: Card): string {
  const { handler } = card;
  const by = {
    handled: handler ? "yes" : "no",
    name: handler ? actorShown({ platform: handler.platform, actorName: handler.name }) : "",
    platform: handler?.platform ?? "",
  };
  switch (card.state) {
    case "open":
      return t("cards.state.open", { count: card.reportCount });
    case "handling":
      return t("cards.state.handling", by);
    case "banned":
    case "dismissed":
      return t("cards.state.settled", {
        ...by,
        at: handler ? displayMinute(handler.at) : "",
        // The sentence starts with it in English; Korean has no capitals to change.
        outcome: capitalised(outcomeText(card.outcome, card.state)),
        hasCase: card.caseNumber === undefined ? "no" : "yes",
        caseNumber: card.caseNumber ?? "",
      });
  }
}

function notices(card: Card): string[] | undefined {
  const notes = card.reused.map(({ reportId, target }) =>
    t("cards.notice.reused", { reportId, target, cardTarget: card.target }),
  );
  if (card.reportCount > REPORTS_LISTED) {
    const count = card.reportCount - REPORTS_LISTED;
    // The menu offers the listed reports only; the others are reached by their ids.
    const open = card.state === "open" || card.state === "handling";
    notes.unshift(t(open ? "cards.notice.moreOpen" : "cards.notice.more", { count }));
  }
  return notes.length > 0 ? notes : undefined;
}

function openActions(card: Card, first: ReportKey, { ladder }: CardAssessment): ViewAction[] {
  const id = first.reportId;
  // Days and reason asked for, the reason filled in; left out when the player's id is too long
  // for a button to carry (form-action.ts).
  const banForm = formAction(
    { command: "ban", args: { gamer_id: card.target }, defaults: { reason: `report #${id}` } },
    t("cards.button.banForm"),
  );
  return [
    {
      id: reportButtonId(first, `ban${ladder.days}`),
      kind: "report",
      label: t("cards.button.ban", { days: ladder.days, offence: offenceText(ladder) }),
      style: "danger",
    },
    ...(banForm ? [banForm] : []),
    {
      id: reportButtonId(first, "dismiss"),
      kind: "report",
      label: t("cards.button.dismiss"),
      style: "secondary",
    },
    historyAction(first),
    ...filterForm(card, first),
    takeAction(card, first),
  ];
}

/** Take, or once taken who holds it: pressed by them it releases the card (card-takes.ts). */
function takeAction(card: Card, first: ReportKey): ViewAction {
  const label = card.taken
    ? t("cards.button.taken", { name: card.taken.name })
    : t("cards.button.take");
  return { id: reportButtonId(first, "take"), kind: "report", label, style: "secondary" };
}

/**
 * Filter… opens `filter` for the report, the language `all` suggested and its message looked up
 * when the form opens (too long for the id). A report_id names the newest report with it, so a
 * card whose id the chat API has since given to another report offers none: its form would
 * suggest that report's words.
 */
function filterForm(card: Card, first: ReportKey): ViewAction[] {
  if (card.reused.some(({ reportId }) => reportId === first.reportId)) return [];
  const form = formAction(
    {
      command: "filter",
      args: { report_id: String(first.reportId) },
      defaults: { language: "all" },
    },
    t("cards.button.filter"),
    "secondary",
  );
  return form ? [form] : [];
}

/**
 * "Dismiss one report…": one option per report the card lists, each dismissing that report alone
 * (`dismiss ID --only`); Dismiss and the ban buttons still settle the whole card.
 */
function dismissOneMenu(card: Card): ViewMenu {
  return {
    id: DISMISS_ONE_MENU,
    placeholder: t("cards.menu.dismissOne"),
    options: card.listed.flatMap((key, index) => {
      const report = card.reports[index];
      if (!report) return [];
      const by = `${report.from_gamer_name} (${report.from_gamer_id})`;
      return [
        {
          id: reportButtonId(key, "only"),
          label: t("cards.menu.option", {
            reportId: report.report_id,
            by,
            keyword: report.keyword,
            message: report.message,
          }),
        },
      ];
    }),
  };
}

function historyAction(first: ReportKey): ViewAction {
  return {
    id: reportButtonId(first, "history"),
    kind: "report",
    label: t("cards.button.history"),
    style: "secondary",
  };
}
