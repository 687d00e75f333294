import { languageArgument, wordsArgument } from "./arguments.js";
import { defineCommand } from "./command.js";
import { wordEditView } from "./word-edit-view.js";
import { containsWord, editWordList, withEchoWarning } from "./word-list-edit.js";

export const badwordsAddCommand = () =>
  defineCommand({
    name: "badwords add",
    summary: "Add words to a language's profanity filter",
    args: { language: languageArgument(), words: wordsArgument() },
    role: "admin",
    mutates: true,
    async handle({ language, words }, { api, wordListLocks }) {
      const edit = await editWordList(api, wordListLocks, language, (current) => [
        ...current,
        ...words.filter((word) => !containsWord(current, word)),
      ]);
      return withEchoWarning(wordEditView("add", words, edit), edit);
    },
  });
