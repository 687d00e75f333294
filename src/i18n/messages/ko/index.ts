// The Korean catalogue (한국어), loaded only when a Korean answer is asked for. Terms follow
// ../glossary.md.
import type { Translation } from "../catalogue-shape.js";
import type { english } from "../en/index.js";
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

export const korean = {
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
} as const satisfies Translation<typeof english>;
