// The loader hooks behind record-imports.mjs (they run on the loader's own thread in Node 20).
import { appendFileSync } from "node:fs";

let file;

export function initialize(data) {
  file = data?.file;
}

export async function resolve(specifier, context, nextResolve) {
  if (file) appendFileSync(file, `${specifier}\n`);
  return nextResolve(specifier, context);
}
