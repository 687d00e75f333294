import { languageArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import type { PagedList } from "../catalogue/list-snapshot.js";
import { text } from "../catalogue/wording.js";
import type { BadWordEntry } from "../chat-api/schemas.js";
import { t } from "../i18n/translate.js";

export const badwordsListCommand = () =>
  defineCommand({
    name: "badwords list",
    summary: text("command.badwordsList.summary"),
    args: { language: optional(languageArgument()) },
    role: "moderator",
    mutates: false,
    async handle({ language }, { api, snapshot }) {
      // On a page turn, the languages as listed then.
      const lists = snapshot.keep(
        (await api.listBadWords()).filter(
          (entry) => language === undefined || entry.language.toLowerCase() === language,
        ),
        LANGUAGE_LIST,
      );
      return {
        outcome: "info",
        title: language
          ? t("badwords.titleOf", { language })
          : t("badwords.title", { count: lists.length }),
        table: itemTable({
          columns: [
            { key: "language", label: t("badwords.column.language") },
            { key: "count", label: t("badwords.column.count") },
            { key: "words", label: t("badwords.column.words") },
          ],
          items: lists,
          row: (entry) => ({
            language: entry.language,
            count: entry.filters.length,
            words: entry.filters.join(", "),
          }),
          paging: LANGUAGE_LIST,
          emptyText: language ? t("badwords.noListOf", { language }) : t("badwords.noLists"),
        }),
        visibility: "private",
        data: lists,
      };
    },
  });

/**
 * `all` applies everywhere, so it leads; the rest alphabetically. The API tells nothing of when
 * a language's list began: the few languages are remembered by name.
 */
const LANGUAGE_LIST: PagedList<BadWordEntry> = {
  noun: "language",
  place: (entry) => [entry.language],
  compare: ([a = ""], [b = ""]) =>
    Number(b === "all") - Number(a === "all") || String(a).localeCompare(String(b)),
};
