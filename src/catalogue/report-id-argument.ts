// The report_id argument of `report` and `dismiss`.
import { positiveIntegerArgument } from "./arguments.js";

/** Report ids are numbers the API hands out; the bound only keeps them exact in JavaScript. */
export const reportIdArgument = (description: string) =>
  positiveIntegerArgument("report_id", description, "12", Number.MAX_SAFE_INTEGER);
