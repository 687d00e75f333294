import { languageArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { plural } from "../moderation/plural.js";

export const badwordsListCommand = () =>
  defineCommand({
    name: "badwords list",
    summary: "Show the profanity filter lists, or one language's",
    args: { language: optional(languageArgument()) },
    role: "moderator",
    mutates: false,
    async handle({ language }, { api }) {
      const lists = (await api.listBadWords())
        .filter((entry) => language === undefined || entry.language.toLowerCase() === language)
        // `all` applies everywhere, so it leads; the rest alphabetically.
        .sort(
          (a, b) =>
            Number(b.language === "all") - Number(a.language === "all") ||
            a.language.localeCompare(b.language),
        );
      return {
        outcome: "info",
        title: language
          ? `Filtered words for ${language}`
          : `Filtered words: ${plural(lists.length, "language")}`,
        table: {
          columns: [
            { key: "language", label: "Language" },
            { key: "count", label: "Words" },
            { key: "words", label: "List" },
          ],
          rows: lists.map((entry) => ({
            language: entry.language,
            count: entry.filters.length,
            words: entry.filters.join(", "),
          })),
          emptyText: language ? `There is no list for ${language}.` : "There are no word lists.",
        },
        visibility: "private",
        data: lists,
      };
    },
  });
