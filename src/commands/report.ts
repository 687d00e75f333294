import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { reportIdArgument } from "../catalogue/report-id-argument.js";
import { text } from "../catalogue/wording.js";
import { asOfLine, freshRecord } from "../feed/feed-record.js";
import { cardData, cardView } from "../feed/report-card.js";
import { untouchedCard } from "../feed/untouched-card.js";
import { t } from "../i18n/translate.js";

export const reportCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "report",
    summary: text("command.report.summary"),
    args: { report_id: reportIdArgument(text("command.report.arg.reportId")) },
    role: "moderator",
    mutates: false,
    async handle({ report_id }, { api, reports, triage, now }) {
      const cardId = await reports.cardFor(report_id, now());
      const card = cardId === undefined ? undefined : await reports.card(cardId);
      if (card) {
        const assessment = await triage.assess(card);
        const view = cardView(card, settings.chatTimeZone, assessment);
        // The reports on it are as the feed last read them: said when the store knows when.
        const poll = await reports.lastPoll();
        // --json holds every report of the card, where the card itself lists the first ten.
        const every = await reports.cardReports(card.id);
        return {
          ...view,
          notices: poll ? [...(view.notices ?? []), asOfLine(poll.at, now())] : view.notices,
          data: cardData(card, every, assessment),
          visibility: "private",
        };
      }
      // While the feed polls, its record is the list: an id it has not read was not listed at
      // its last poll, and the whole list is not read again to say so.
      const record = await freshRecord(reports, now());
      if (record) {
        return {
          outcome: "error",
          title: t("report.notFound", { report: String(report_id) }),
          description: t("report.notReadByFeed"),
          notices: [asOfLine(record.asOf, now())],
          visibility: "private",
        };
      }
      // Not read by the feed yet: shown as the API has it, without buttons, because an action
      // needs the feed's record of the report (and recording it here would keep the feed from
      // ever posting it).
      const report = (await api.listReports()).find((entry) => entry.report_id === report_id);
      if (!report) {
        return {
          outcome: "error",
          title: t("report.notFound", { report: String(report_id) }),
          description: t("report.notListed"),
          visibility: "private",
        };
      }
      const unread = untouchedCard([report], now());
      const preview = cardView(unread, settings.chatTimeZone, await triage.assess(unread));
      return {
        ...preview,
        description: t("report.preview"),
        actions: undefined,
        visibility: "private",
      };
    },
  });
