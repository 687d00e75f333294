import { languageArgument, wordsArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { wordEditView } from "../moderation/word-edit-view.js";
import { addingWords, editWordList, withEchoWarning } from "../moderation/word-list-edit.js";

export const badwordsAddCommand = () =>
  defineCommand({
    name: "badwords add",
    summary: text("command.badwordsAdd.summary"),
    args: { language: languageArgument(), words: wordsArgument() },
    role: "admin",
    mutates: true,
    async handle({ language, words }, { api, wordListLocks }) {
      const edit = await editWordList(api, wordListLocks, language, addingWords(words));
      // Written twice, for the moderator and for the case (HandlerAnswer): the warning is kept.
      return () => withEchoWarning(wordEditView("add", words, edit), edit);
    },
  });
