// A real terminal for tests: a command in a tmux pseudo-terminal on a private server, typed at
// with send-keys and read back with capture-pane, as a person would. Waits poll the screen until
// the expected text appears (bounded); nothing sleeps for a fixed time.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, vi } from "vitest";

const TMUX = "/usr/bin/tmux";
export const WAIT = { timeout: 10_000, interval: 100 };

/** The built `chatwarden`, as `npm test` builds it before running vitest. */
export const CLI = resolve(fileURLToPath(import.meta.url), "../../../../dist/cli.js");

/** Where the shell reports how the command ended. */
export const exitLine = (status: number) => `[exited with status ${status}]`;

export class TerminalSession {
  private readonly socket =
    `chatwarden-test-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

  /** Runs `args` (shell-quoted here) in a 160×50 terminal with `env` added. */
  constructor(args: readonly string[], env: Record<string, string>) {
    const command = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
    this.tmux(
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-s",
      "test",
      "-x",
      "160",
      "-y",
      "50",
      ...Object.entries(env).flatMap(([name, value]) => ["-e", `${name}=${value}`]),
      // The shell reports how the command ended: tmux itself sometimes fails to reap a pane's
      // process, and then knows neither its status nor that it ended.
      `${command}; echo "[exited with status $?]"`,
      ";",
      // Keep the pane after the command ends, to read how it ended.
      "set-option",
      "-g",
      "remain-on-exit",
      "on",
    );
  }

  /** Everything the terminal has shown, scrollback included, without trailing blanks. */
  screen(): string {
    return this.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "test")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .trimEnd();
  }

  lastLine(): string {
    return this.screen().split("\n").at(-1) ?? "";
  }

  type(text: string): void {
    // -l: literally, so words like "exit" or "Tab" are never read as key names.
    this.tmux("send-keys", "-t", "test", "-l", text);
  }

  /** A key by its tmux name: `C-c` is Ctrl-C, `C-d` Ctrl-D. */
  press(key: "Enter" | "Tab" | "C-c" | "C-d"): void {
    this.tmux("send-keys", "-t", "test", key);
  }

  async waitForText(text: string): Promise<void> {
    await vi.waitFor(() => {
      const screen = this.screen();
      expect(screen, screen).toContain(text);
    }, WAIT);
  }

  async waitForLastLine(line: string): Promise<void> {
    await vi.waitFor(() => {
      const screen = this.screen();
      // The whole screen as the message: when a wait fails, what was there instead says why.
      expect(screen.split("\n").at(-1), screen).toBe(line);
    }, WAIT);
  }

  close(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone: nothing to clean up.
    }
    // tmux leaves the socket file behind; -L puts it in tmux's per-user directory.
    const directory = join(process.env.TMUX_TMPDIR ?? "/tmp", `tmux-${process.getuid?.() ?? 0}`);
    rmSync(join(directory, this.socket), { force: true });
  }

  private tmux(...args: string[]): string {
    return execFileSync(TMUX, ["-L", this.socket, ...args], { encoding: "utf8" });
  }
}
