// A server of fixed bodies in a child process (body-server-process.ts), for benchmarks of the
// chat API client: both sides of a comparison fetch the same bytes from it, and neither pays for
// the server in the measuring process.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { z } from "zod";
import { firstLine, stopChild } from "./processes.js";

export interface BodyServer {
  origin: string;
  /** `${origin}/chat/v1`, as CHAT_API_BASE_URL. */
  baseUrl: string;
  /** Sends `body` to the server once, under `name`. */
  store(name: string, body: string | Buffer): Promise<void>;
  /** From now on, GET `${baseUrl}${path}` answers the body stored as `name`. */
  serve(path: string, name: string): Promise<void>;
  close(): Promise<void>;
}

const readySchema = z.object({ origin: z.url() });
const CHILD = fileURLToPath(new URL("./body-server-process.ts", import.meta.url));

export async function startBodyServer(): Promise<BodyServer> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { origin } = readySchema.parse(JSON.parse(await firstLine(child)));
  const baseUrl = `${origin}/chat/v1`;
  const expectNoContent = async (method: "PUT" | "POST", url: string, body?: string | Buffer) => {
    const response = await request(url, { method, body });
    await response.body.dump();
    if (response.statusCode !== 204) throw new Error(`${method} ${url}: ${response.statusCode}`);
  };
  return {
    origin,
    baseUrl,
    store: (name, body) =>
      expectNoContent("PUT", `${origin}/__bodies/${encodeURIComponent(name)}`, body),
    serve: (path, name) =>
      expectNoContent(
        "POST",
        `${origin}/__serve?${new URLSearchParams({ path: `/chat/v1${path}`, body: name })}`,
      ),
    close: () => stopChild(child),
  };
}
