// The version `chatwarden --version` prints: package.json's, found by walking up from this
// module, wherever it stands (src/version.ts under tsx, dist/cli.js or a chunk of it).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const manifestSchema = z.object({ name: z.literal("chatwarden"), version: z.string() });

export function packageVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(folder, "package.json");
    if (existsSync(file)) {
      const manifest = manifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
      if (manifest.success) return manifest.data.version;
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error("chatwarden's package.json was not found");
    folder = parent;
  }
}
