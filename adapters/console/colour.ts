// Colour is for people at a terminal. Anything else (a pipe, a file, a test) gets plain text,
// and so does anyone who sets NO_COLOR (https://no-color.org: present and not empty).
import { styleText } from "node:util";

export type Style = Parameters<typeof styleText>[0];

/** Applies a style, or returns the text unchanged when colour is off. */
export type Paint = (style: Style, text: string) => string;

export interface ColourTarget {
  isTTY?: boolean;
}

export function shouldColour(
  stream: ColourTarget,
  env: Record<string, string | undefined> = process.env,
): boolean {
  const noColour = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return stream.isTTY === true && !noColour;
}

export function painter(colour: boolean): Paint {
  // validateStream: false because the decision is ours, made for the stream actually written to
  // (styleText would otherwise judge process.stdout, which may not be it).
  return colour
    ? (style, text) => styleText(style, text, { validateStream: false })
    : (_, text) => text;
}
