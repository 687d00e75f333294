// The answer to `badwords add` and `badwords remove`: what changed, what already was so, and
// whether the API really holds the intended list afterwards.

import { t } from "../i18n/translate.js";
import type { View } from "../view/view.js";
import type { WordListEdit } from "./word-list-edit.js";

export function wordEditView(kind: "add" | "remove", words: string[], edit: WordListEdit): View {
  const adding = kind === "add";
  const lower = (list: readonly string[]) => new Set(list.map((word) => word.toLocaleLowerCase()));
  const before = lower(edit.before);
  const changed = words.filter((word) => before.has(word.toLocaleLowerCase()) !== adding);
  const unchanged = words.filter((word) => before.has(word.toLocaleLowerCase()) === adding);
  const notices: string[] = [];
  if (edit.after === undefined) {
    notices.push(t("badwords.unread"));
  } else {
    const after = lower(edit.after);
    const missed = changed.filter((word) => after.has(word.toLocaleLowerCase()) !== adding);
    if (missed.length > 0) {
      notices.push(
        t(adding ? "badwords.notListedAfterAdd" : "badwords.stillListed", {
          words: missed.join(", "),
        }),
      );
    }
  }
  return {
    // Words to remove that are not there are most likely a typo: worth a second look.
    outcome:
      notices.length > 0 || (!adding && changed.length === 0)
        ? "warning"
        : changed.length > 0
          ? "success"
          : "info",
    title: title(adding, changed.length, edit.language),
    fields: [
      {
        label: t(adding ? "badwords.field.added" : "badwords.field.removed"),
        value: changed.join(", ") || t("badwords.none"),
      },
      {
        label: t(adding ? "badwords.field.alreadyThere" : "badwords.field.notInList"),
        value: unchanged.join(", ") || t("badwords.none"),
      },
      {
        label: t("badwords.field.count"),
        value: (edit.after ?? edit.sent).length,
        inline: true,
      },
    ],
    notices,
    // A removal that found none of its words asked nothing and changed nothing: its answer is
    // for the invoker, where the question would have been (see badwords-remove.ts).
    visibility: !adding && changed.length === 0 ? "private" : "public",
    data: {
      language: edit.language,
      changed,
      unchanged,
      list: edit.after ?? edit.sent,
      // null: the list already was as asked, so nothing was sent.
      answer: edit.answer ?? null,
    },
  };
}

function title(adding: boolean, changed: number, language: string): string {
  if (changed === 0) {
    return t(adding ? "badwords.nothingAdded" : "badwords.nothingRemoved", { language });
  }
  return t(adding ? "badwords.added" : "badwords.removed", { count: changed, language });
}
