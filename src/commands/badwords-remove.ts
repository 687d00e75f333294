import { languageArgument, wordsArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { wordEditView } from "../moderation/word-edit-view.js";
import { editWordList, WordSet, withEchoWarning } from "../moderation/word-list-edit.js";
import { inWords } from "../view/in-words.js";
import { plural } from "../view/plural.js";

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
      const missing =
        absent.length === 0
          ? ""
          : ` ${inWords(absent)} ${absent.length === 1 ? "is" : "are"} not in the filter.`;
      return `${removalQuestion(language, present)}${missing}`;
    },
    async handle({ language, words }, { api, wordListLocks }) {
      const removing = new WordSet(words);
      const edit = await editWordList(api, wordListLocks, language, (current) =>
        current.filter((entry) => !removing.has(entry)),
      );
      return withEchoWarning(wordEditView("remove", words, edit), edit);
    },
  });

function removalQuestion(language: string, words: readonly string[]): string {
  return `Remove ${plural(words.length, "word")} from the ${language} filter (${words.join(", ")})? Players will be able to say ${words.length === 1 ? "it" : "them"}.`;
}
