import { languageArgument, wordsArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import {
  reportIdArgument,
  reportNamed,
  reportNotKnownYet,
} from "../catalogue/report-id-argument.js";
import { text } from "../catalogue/wording.js";
import {
  filterQuestion,
  fromReport,
  messageAsPhrase,
  nothingNew,
} from "../moderation/report-filter.js";
import { wordEditView } from "../moderation/word-edit-view.js";
import {
  addingWords,
  editWordList,
  splitByList,
  withEchoWarning,
} from "../moderation/word-list-edit.js";

const reportId = reportIdArgument(text("command.filter.arg.reportId"));

export const filterCommand = () =>
  defineCommand({
    name: "filter",
    summary: text("command.filter.summary"),
    args: { report_id: reportId, language: languageArgument(), words: wordsArgument() },
    role: "admin",
    mutates: true,
    confirm: ({ report_id, language, words }) => filterQuestion(report_id, language, words),
    // Asked about the words new to the list, naming the others; an unread list leaves the
    // question as typed (the edit itself will tell).
    async reviseConfirm({ report_id, language, words }, { api }, question) {
      const split = await splitByList(api, language, words).catch(() => undefined);
      if (!split || split.fresh.length === 0) return question;
      return filterQuestion(report_id, language, split.fresh, split.listed);
    },
    // An unknown report, or words all in the list already, are said at once: nothing is asked,
    // sent or recorded.
    async nothingToDo({ report_id, language, words }, context) {
      const known = await context.reports.locate(reportNamed(report_id, context));
      if (!known) return reportNotKnownYet(report_id);
      const split = await splitByList(context.api, language, words).catch(() => undefined);
      return split && split.fresh.length === 0 ? nothingNew(language, split.listed) : undefined;
    },
    async handle({ report_id, language, words }, context) {
      const { api, wordListLocks, reports } = context;
      const report = await reports.report(reportNamed(report_id, context));
      const edit = await editWordList(api, wordListLocks, language, addingWords(words));
      // Written twice, for the moderator and for the case (HandlerAnswer): the warning is kept.
      return () => {
        const view = wordEditView("add", words, edit);
        const data = typeof view.data === "object" && view.data !== null ? view.data : {};
        return withEchoWarning(
          {
            ...view,
            description: fromReport(report_id, report),
            data: { report_id, ...data },
          },
          edit,
        );
      };
    },
    // The card's button carries the report; its message is too long for the button's id.
    async prefill(decided, { reports }) {
      const parsed = reportId.schema.safeParse(decided.report_id);
      const report = parsed.success ? await reports.report(parsed.data) : undefined;
      return report ? messageAsPhrase(report.message) : {};
    },
  });
