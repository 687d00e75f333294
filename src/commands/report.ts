import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { reportIdArgument } from "../catalogue/report-id-argument.js";
import { cardView } from "../feed/report-card.js";

export const reportCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "report",
    summary: "A report's card, with its actions (ban, dismiss, history)",
    args: { report_id: reportIdArgument("the report, as its card or `reports` shows it") },
    role: "moderator",
    mutates: false,
    async handle({ report_id }, { api, reports, now }) {
      const cardId = await reports.cardFor(report_id, now());
      const card = cardId === undefined ? undefined : await reports.card(cardId);
      if (card) {
        // --json holds every report of the card, where the card itself lists the first ten.
        const every = await reports.cardReports(card.id);
        return {
          ...cardView(card, settings.chatTimeZone),
          data: { card: card.id, state: card.state, reports: every },
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
          title: `No report #${report_id}`,
          description: "The chat API lists no report with this id.",
          visibility: "private",
        };
      }
      const preview = cardView(
        {
          id: 0,
          target: report.to_gamer_id,
          openedAt: now(),
          state: "open",
          handler: undefined,
          claimEndsAt: undefined,
          outcome: undefined,
          caseNumber: undefined,
          reportCount: 1,
          reports: [report],
          latest: report,
          first: { reportId: report.report_id, generation: 0 },
          reused: [],
        },
        settings.chatTimeZone,
      );
      return {
        ...preview,
        description:
          "The report feed has not read this report yet: its actions appear once the running bot (chatwarden serve with a report channel) has, at its next poll.",
        actions: undefined,
        visibility: "private",
      };
    },
  });
