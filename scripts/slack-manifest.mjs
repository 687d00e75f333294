// `npm run build`, last step: writes slack-manifest.yml as the binary just built prints it
// (`chatwarden manifest slack`), so the checked-in manifest follows the catalogue with no hand
// edit; test/cli/manifest.test.ts holds the two equal. The binary runs as on a fresh checkout:
// in an empty directory (no developer's .env is read) and with none of the caller's settings,
// since MAX_BAN_DAYS or REQUIRE_REASON would change the usage the manifest shows.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const CLI = resolve("dist/cli.js");
const MANIFEST = "slack-manifest.yml";

const emptyDir = mkdtempSync(join(tmpdir(), "chatwarden-manifest-"));
try {
  const text = execFileSync(process.execPath, [CLI, "manifest", "slack"], {
    cwd: emptyDir,
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Written only when it changes, so a build leaves the file (and its timestamp) alone.
  if (!existsSync(MANIFEST) || readFileSync(MANIFEST, "utf8") !== text) {
    writeFileSync(MANIFEST, text);
    console.log(`slack-manifest: wrote ${MANIFEST}`);
  }
} catch (error) {
  // The binary has said why on stderr already.
  console.error(`slack-manifest: ${CLI} manifest slack failed (${error.status ?? error.message})`);
  process.exitCode = 1;
} finally {
  rmSync(emptyDir, { recursive: true, force: true });
}
