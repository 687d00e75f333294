import { languageArgument, wordsArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { t } from "../i18n/translate.js";
import { wordEditView } from "../moderation/word-edit-view.js";
import { editWordList, WordSet, withEchoWarning } from "../moderation/word-list-edit.js";
import { inWordsHere } from "../view/in-words.js";

export const badwordsRemoveCommand = () =>
  defineCommand({
    name: "badwords remove",
    summary: text("command.badwordsRemove.summary"),
    args: { language: languageArgument(), words: wordsArgument() },
    role: "admin",
    mutates: true,
    confirm: ({ language, words }) => removalQuestion(language, words),
    // Asked about the words really in the list; with none of them there, nothing is asked and
    // the edit says so, sending nothing. An unread list leaves the question as typed.
    async reviseConfirm({ language, words }, { api }, question) {
      const current = await api
        .listBadWords()
        .then((lists) => lists.find((entry) => entry.language.toLowerCase() === language))
        .catch(() => null);
      if (current === null) return question;
      const listed = new Set((current?.filters ?? []).map((word) => word.toLocaleLowerCase()));
      const present = words.filter((word) => listed.has(word.toLocaleLowerCase()));
      const absent = words.filter((word) => !listed.has(word.toLocaleLowerCase()));
      if (present.length === 0) return undefined;
      const asked = removalQuestion(language, present);
      if (absent.length === 0) return asked;
      const missing = t("badwords.notInFilter", {
        words: inWordsHere(absent),
        count: absent.length,
      });
      return `${asked} ${missing}`;
    },
    async handle({ language, words }, { api, wordListLocks }) {
      const removing = new WordSet(words);
      const edit = await editWordList(api, wordListLocks, language, (current) =>
        current.filter((entry) => !removing.has(entry)),
      );
      // Written twice, for the moderator and for the case (HandlerAnswer): the warning is kept.
      return () => withEchoWarning(wordEditView("remove", words, edit), edit);
    },
  });

function removalQuestion(language: string, words: readonly string[]): string {
  return t("badwords.removeQuestion", {
    count: words.length,
    language,
    words: words.join(", "),
  });
}
