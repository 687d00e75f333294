// The answer to `badwords add` and `badwords remove`: what changed, what already was so, and
// whether the API really holds the intended list afterwards.

import { plural } from "../view/plural.js";
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
    notices.push("The list could not be read back; check it with badwords list.");
  } else {
    const after = lower(edit.after);
    const missed = changed.filter((word) => after.has(word.toLocaleLowerCase()) !== adding);
    if (missed.length > 0) {
      notices.push(
        adding
          ? `The chat API does not list ${missed.join(", ")} after the change.`
          : `The chat API still lists ${missed.join(", ")}: it seems to merge lists rather than replace them, so words cannot be removed through it.`,
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
      { label: adding ? "Added" : "Removed", value: changed.join(", ") || "none" },
      {
        label: adding ? "Already there" : "Not in the list",
        value: unchanged.join(", ") || "none",
      },
      { label: "Words in the list now", value: (edit.after ?? edit.sent).length, inline: true },
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
    return adding
      ? `Nothing added to the ${language} filter`
      : `Nothing removed from the ${language} filter`;
  }
  return adding
    ? `Added ${plural(changed, "word")} to the ${language} filter`
    : `Removed ${plural(changed, "word")} from the ${language} filter`;
}
