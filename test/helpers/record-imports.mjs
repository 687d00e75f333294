// Preloaded with `node --import` by tests that check what a command loads: every module
// specifier resolved through the ESM loader is appended to the file in RECORD_IMPORTS_TO.
import { register } from "node:module";

register("./record-imports-hooks.mjs", import.meta.url, {
  data: { file: process.env.RECORD_IMPORTS_TO },
});
