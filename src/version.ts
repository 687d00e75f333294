// The version `chatwarden --version` prints: package.json's, read where the built command
// stands (dist/src/version.js → the package's root).
import { readFileSync } from "node:fs";
import { z } from "zod";

export function packageVersion(): string {
  const manifest = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  return z.object({ version: z.string() }).parse(JSON.parse(manifest)).version;
}
