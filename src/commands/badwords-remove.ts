import { plural } from "../moderation/plural.js";
import { languageArgument, wordsArgument } from "./arguments.js";
import { defineCommand } from "./command.js";
import { wordEditView } from "./word-edit-view.js";
import { containsWord, editWordList, withEchoWarning } from "./word-list-edit.js";

export const badwordsRemoveCommand = () =>
  defineCommand({
    name: "badwords remove",
    summary: "Remove words from a language's profanity filter",
    args: { language: languageArgument(), words: wordsArgument() },
    role: "admin",
    mutates: true,
    confirm: ({ language, words }) =>
      `Remove ${plural(words.length, "word")} from the ${language} filter (${words.join(", ")})? Players will be able to say them.`,
    async handle({ language, words }, { api, wordListLocks }) {
      const edit = await editWordList(api, wordListLocks, language, (current) =>
        current.filter((entry) => !containsWord(words, entry)),
      );
      return withEchoWarning(wordEditView("remove", words, edit), edit);
    },
  });
