// The English catalogue: every area's texts under one set of keys. English is the source: its
// keys are the catalogue's, and every other language translates each of them.
import { answers } from "./answers.js";
import { ban } from "./ban.js";
import { cards } from "./cards.js";
import { catalogue } from "./catalogue.js";
import { common } from "./common.js";
import { discord } from "./discord.js";
import { failures } from "./failures.js";
import { lists } from "./lists.js";
import { operator } from "./operator.js";
import { slack } from "./slack.js";
import { terminal } from "./terminal.js";

export const english = {
  ...common,
  ...ban,
  ...answers,
  ...lists,
  ...cards,
  ...catalogue,
  ...discord,
  ...slack,
  ...terminal,
  ...operator,
  ...failures,
} as const;

export type MessageKey = keyof typeof english;
