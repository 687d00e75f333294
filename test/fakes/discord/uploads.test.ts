// The fake Discord takes files only as Discord documents them (uploads.ts): what it refuses,
// sent as raw multipart/form-data the way any client would, to a channel's messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDiscord, startFakeDiscord } from "./server.js";
import { MAX_FILE_BYTES } from "./uploads.js";

const CHANNEL = "500000000000000009";
let discord: FakeDiscord;
beforeAll(async () => {
  discord = await startFakeDiscord({ channels: [{ id: CHANNEL, name: "stats" }] });
});
afterAll(() => discord.close());

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function post(form: FormData) {
  const response = await fetch(`${discord.apiUrl}/v10/channels/${CHANNEL}/messages`, {
    method: "POST",
    headers: { authorization: `Bot ${discord.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function message(files: [name: string, bytes: Uint8Array, filename?: string][], payload: object) {
  const form = new FormData();
  form.set("payload_json", JSON.stringify(payload));
  for (const [name, bytes, filename] of files) {
    if (filename === undefined) form.set(name, new TextDecoder().decode(bytes));
    else form.set(name, new Blob([bytes], { type: "image/png" }), filename);
  }
  return form;
}

describe("the fake Discord's uploads", () => {
  it("attaches files[0] where `attachments` names placeholder 0, and shows it in the embed", async () => {
    const { status, body } = await post(
      message([["files[0]", png, "chart.png"]], {
        embeds: [{ title: "Chart", image: { url: "attachment://chart.png" } }],
        attachments: [{ id: "0", description: "a chart", filename: "chart.png" }],
      }),
    );
    expect(status).toBe(200);
    const [attachment] = body.attachments as { id: string; url: string; filename: string }[];
    expect(attachment?.filename).toBe("chart.png");
    expect(discord.attachmentBytes(attachment?.id ?? "")).toEqual(png);
    expect(body.embeds).toEqual([
      expect.objectContaining({ image: expect.objectContaining({ url: attachment?.url }) }),
    ]);
  });

  it("refuses a file over 10 MiB as too large (413, 40005)", async () => {
    const { status, body } = await post(
      message([["files[0]", new Uint8Array(MAX_FILE_BYTES + 1), "big.png"]], {
        attachments: [{ id: "0" }],
      }),
    );
    expect([status, body.code]).toEqual([413, 40005]);
  });

  it("refuses a files[n] part without a filename", async () => {
    const { status, body } = await post(message([["files[0]", png]], {}));
    expect([status, body.code]).toEqual([400, 50035]);
  });

  it("refuses an attachment that names no uploaded file and no existing one", async () => {
    const { status, body } = await post(
      message([["files[0]", png, "chart.png"]], { attachments: [{ id: "1" }] }),
    );
    expect([status, body.code]).toEqual([400, 50035]);
  });

  it("refuses more than 10 attachments, as the published schema says", async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => [
      `files[${index}]`,
      png,
      `c${index}.png`,
    ]) as [string, Uint8Array, string][];
    const { status, body } = await post(
      message(eleven, { attachments: eleven.map((_, index) => ({ id: String(index) })) }),
    );
    expect([status, body.code]).toEqual([400, 50035]);
  });
});
