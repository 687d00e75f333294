// The checks that need no network: the configuration line and DATA_DIR.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { configurationCheck } from "../../../app/doctor/configuration.js";
import { dataDirCheck } from "../../../app/doctor/data-dir.js";
import { parseConfig } from "../../../src/config.js";
import { openSqliteStore, schemaVersion } from "../../../src/store/sqlite/open-sqlite.js";

const scratch = mkdtempSync(join(tmpdir(), "chatwarden-doctor-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the configuration check", () => {
  it("says which parts are on, and never a secret", () => {
    const check = configurationCheck(
      parseConfig({
        CHAT_API_BASE_URL: "https://user:url-password@chat.example.com/chat/v1",
        CHAT_API_TOKEN: "fake-master-token",
        SLACK_BOT_TOKEN: "xoxb-FAKE_bot-token",
        SLACK_APP_TOKEN: "xapp-FAKE-app-token",
      }),
    );
    expect(check).toEqual({
      name: "configuration",
      result: "pass",
      detail: "valid; chat API at chat.example.com, Discord off, Slack on (Socket Mode)",
    });
  });

  it("fails settings that do not work together, quoting the warning", () => {
    const check = configurationCheck(
      parseConfig({ CONFIRM_BAN_DAYS_OVER: "40", MAX_BAN_DAYS: "30" }),
    );
    expect(check.result).toBe("fail");
    expect(check.detail).toMatch(/^CONFIRM_BAN_DAYS_OVER \(40\) is above MAX_BAN_DAYS \(30\)/);
    expect(check.fix).toBe("change the variables named here, in the environment or .env");
  });
});

describe("the DATA_DIR check", () => {
  it("passes an empty folder it can write, and leaves it empty: no store, no probe (issue 20)", () => {
    const folder = join(scratch, "empty");
    mkdirSync(folder);
    expect(dataDirCheck(folder)).toEqual({
      name: "DATA_DIR",
      result: "pass",
      detail: `${folder} is writable; no store yet: serve creates chatwarden.sqlite there on its first start`,
    });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("passes a folder that does not exist yet but can be made, and leaves none behind", () => {
    const folder = join(scratch, "not-yet", "data");
    expect(dataDirCheck(folder)).toEqual({
      name: "DATA_DIR",
      result: "pass",
      detail: `${folder} does not exist yet and can be made; serve makes it, and the store chatwarden.sqlite in it, on its first start`,
    });
    expect(existsSync(join(scratch, "not-yet"))).toBe(false);
  });

  it("opens an existing store read-write and changes nothing in it, not even its schema", async () => {
    const folder = join(scratch, "data");
    const store = openSqliteStore(folder);
    // An older chatwarden's store: the doctor must not migrate it (serve does, on start).
    store.sqlite.pragma("user_version = 1");
    await store.close();
    expect(dataDirCheck(folder)).toEqual({
      name: "DATA_DIR",
      result: "pass",
      detail: `${folder} is writable; the store chatwarden.sqlite opens read-write`,
    });
    expect(readdirSync(folder)).toEqual(["chatwarden.sqlite"]);
    const file = new BetterSqlite3(join(folder, "chatwarden.sqlite"), { readonly: true });
    expect(schemaVersion(file)).toBe(1);
    file.close();
  });

  it("fails a DATA_DIR that is a file, with what to do apart", () => {
    const file = join(scratch, "not-a-folder");
    writeFileSync(file, "");
    expect(dataDirCheck(join(file, "data"))).toEqual({
      name: "DATA_DIR",
      result: "fail",
      detail: `DATA_DIR (${join(file, "data")}) is not a folder`,
      fix: "set DATA_DIR to a folder",
    });
  });

  it("fails a store file that is not a database", () => {
    const folder = join(scratch, "damaged");
    const file = join(folder, "chatwarden.sqlite");
    mkdirSync(folder);
    writeFileSync(file, "this is not SQLite, just enough bytes to be read as a header".repeat(20));
    const check = dataDirCheck(folder);
    expect(check).toMatchObject({
      result: "fail",
      detail: `the store ${file} is damaged`,
      fix: "move it aside and restore a backup (chatwarden backup)",
    });
  });
});
