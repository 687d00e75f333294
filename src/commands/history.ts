import { gamerIdArgument } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import { compareMarks, type PagedList } from "../catalogue/list-snapshot.js";
import { text } from "../catalogue/wording.js";
import { type ListRead, unreadableNotice } from "../chat-api/list-items.js";
import type { Report } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { asOfLine, freshRecord } from "../feed/feed-record.js";
import type { PlayerReports } from "../feed/report-store.js";
import { ladderData } from "../feed/triage.js";
import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { caseData } from "../moderation/case-data.js";
import { actorShown, reasonShown } from "../moderation/case-words.js";
import type { Case } from "../moderation/cases.js";
import { REPORT_LIST, reportColumns, reportRow } from "../moderation/report-rows.js";
import { formAction } from "../view/form-action.js";
import type { ViewField } from "../view/view.js";

const REPORTS_SHOWN = 10;
const CASES_SHOWN = 10;

export const historyCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "history",
    summary: text("command.history.summary"),
    args: { gamer_id: gamerIdArgument(text("command.history.arg.gamerId")) },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id }, { api, cases, reports, triage, players, now, snapshot }) {
      // While the report feed polls, its record of the list answers, as of its last poll.
      const record = await freshRecord(reports, now());
      const [banRead, reportRead] = await Promise.all([
        api.readBans(),
        record
          ? reports.involving(gamer_id).then(recorded)
          : api.readReports().then((read) => listed(read, gamer_id)),
      ]);
      const ban = banRead.items.find((entry) => entry.gamer_id === gamer_id);
      // On a page turn, the reports as listed then.
      const sided = snapshot.keep(
        [
          ...reportRead.against.map((report) => ({ side: "against" as const, report })),
          ...reportRead.by.map((report) => ({ side: "by" as const, report })),
        ],
        SIDED_REPORTS,
      );
      const againstSide = sided.filter((entry) => entry.side === "against");
      const bySide = sided.filter((entry) => entry.side === "by");
      const against = againstSide.map(({ report }) => report);
      const by = bySide.map(({ report }) => report);
      const playerCases = await cases.forTarget(gamer_id);
      // The count just read counts too: it may know of bans made since the bot last read it.
      const next = await triage.nextStep(gamer_id, ban?.count);
      const player = await players.label(gamer_id);
      // Left out when the player's id is too long for a button to carry (form-action.ts).
      const banForm = formAction({ command: "ban", args: { gamer_id } }, t("history.action.ban"));
      const banEnd = ban ? parseUtcTimestamp(ban.end_time) : undefined;

      const fields: ViewField[] = [
        {
          label: t("history.field.ban"),
          value: ban ? t("history.banned", { count: String(ban.count) }) : t("history.notBanned"),
          inline: true,
        },
        ...(banEnd
          ? [{ label: t("history.field.until"), value: { time: banEnd }, inline: true }]
          : []),
        {
          label: t("history.field.next"),
          value: t("history.next", { days: next.days, offence: next.offence }),
          inline: true,
        },
        { label: t("history.field.against"), value: against.length, inline: true },
        { label: t("history.field.by"), value: by.length, inline: true },
        {
          label: t("history.field.cases", { count: String(playerCases.length) }),
          value:
            playerCases.length === 0
              ? t("history.noCases")
              : playerCases.slice(0, CASES_SHOWN).map(describeCase).join("\n"),
        },
      ];
      return {
        outcome: "info",
        title: t("history.title", { player }),
        fields,
        table: itemTable({
          columns: [{ key: "direction", label: t("history.column.side") }, ...reportColumns()],
          items: [...againstSide.slice(0, REPORTS_SHOWN), ...bySide.slice(0, REPORTS_SHOWN)],
          row: ({ side, report }) => ({
            direction: t("history.side", { side }),
            ...reportRow(report, settings.chatTimeZone),
          }),
          paging: SIDED_REPORTS,
          emptyText: t("history.noReports"),
        }),
        notices: [
          ...unreadableNotice("ban", banRead.unreadable),
          ...unreadableNotice("report", reportRead.unreadable),
          ...(record ? [asOfLine(record.asOf, now())] : []),
        ],
        // The usual next step after reading a history; a form, so days and reason are asked for.
        actions: banForm ? [banForm] : [],
        visibility: "private",
        data: {
          gamer_id,
          ban: ban ?? null,
          cases: playerCases.map(caseData),
          ladder: ladderData(next),
          reports_against: against,
          reports_by: by,
          // When the reports were read from the feed's record: as of its last poll; else null.
          reports_as_of: record ? record.asOf.toISOString() : null,
        },
      };
    },
  });

/** A report against the player or by them: the reports against come first, each side newest first. */
interface SidedReport {
  side: "against" | "by";
  report: Report;
}

const SIDED_REPORTS: PagedList<SidedReport> = {
  noun: "report",
  place: ({ side, report }) => [side, ...REPORT_LIST.place(report)],
  compare: (a, b) =>
    compareMarks(a[0] ?? "", b[0] ?? "") || REPORT_LIST.compare(a.slice(1), b.slice(1)),
  arrival: ({ report }) => REPORT_LIST.arrival(report),
};

/** A player's reports, and the items of the list that could not be read (none in the record). */
interface PlayerReportsRead extends PlayerReports {
  unreadable: string[];
}

function recorded(reports: PlayerReports): PlayerReportsRead {
  return { ...reports, unreadable: [] };
}

/** The player's reports in the whole list, as the chat API answered it. */
function listed(read: ListRead<Report>, gamerId: string): PlayerReportsRead {
  return {
    against: read.items.filter((report) => report.to_gamer_id === gamerId),
    by: read.items.filter((report) => report.from_gamer_id === gamerId),
    unreadable: read.unreadable,
  };
}

/** `#12 ban 3 days by Mina (discord), 2026-11-21 10:00 UTC: spam [failed]` */
function describeCase(entry: Case): string {
  const reason = reasonShown(entry);
  return t("history.case", {
    number: String(entry.number),
    what: whatWasDone(entry),
    actor: actorShown(entry),
    platform: entry.platform,
    when: displayMinute(entry.at),
    hasReason: reason ? "yes" : "no",
    reason: reason ?? "",
    outcome: entry.outcome,
    nothingChanged: changedNothing(entry) ? "yes" : "no",
  });
}

/** `ban 14 days, replacing a ban until …`, `dismiss report #41`, else the command and its values. */
function whatWasDone(entry: Case): string {
  const { args } = entry;
  if (entry.command === "ban" && typeof args.days === "number") {
    const replaced = answerField(entry, "previous_ban");
    const end =
      typeof replaced === "object" && replaced !== null && "end_time" in replaced
        ? parseUtcTimestamp(String(replaced.end_time))
        : undefined;
    return end
      ? t("history.caseBanReplacing", { days: args.days, end: displayMinute(end) })
      : t("history.caseBan", { days: args.days });
  }
  if (entry.command === "dismiss" && args.report_id !== undefined) {
    return t("history.caseDismiss", { report: String(args.report_id) });
  }
  return [
    entry.command,
    ...Object.entries(args)
      .filter(([name, value]) => name !== "gamer_id" && name !== "reason" && value !== undefined)
      .map(([, value]) => String(value)),
  ].join(" ");
}

/** An unban of a player who had no running ban: recorded, but nothing changed. */
function changedNothing(entry: Case): boolean {
  if (entry.command !== "unban" || entry.outcome !== "success") return false;
  // Cases recorded before `--json` went snake_case hold `wasBanned`.
  return (answerField(entry, "was_banned") ?? answerField(entry, "wasBanned")) === false;
}

function answerField(entry: Case, name: string): unknown {
  const { answer } = entry;
  return typeof answer === "object" && answer !== null && name in answer
    ? (answer as Record<string, unknown>)[name]
    : undefined;
}
