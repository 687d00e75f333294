// What a body that is not JSON says, for an error message: a moderator reads the message, so a
// proxy's HTML error page is quoted by its title, or failing that its visible text, never its
// markup; any other text by its start. White space is folded and the quote is kept short.

const EXCERPT_LENGTH = 120;
/** Error pages are small; a huge body is not read further for its words. */
const SCAN_LIMIT = 64 * 1024;

/** A tag or a doctype: what makes a body a page rather than text with a `<` in it. */
const MARKUP = /<(!doctype\b|\/?[a-z][a-z0-9-]*[\s/>])/i;
const TAG = /<[^>]*>/g;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
/** Text a browser does not show. */
const HIDDEN = [/<!--[\s\S]*?-->/g, /<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi];

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The body as an error message quotes it. */
export function excerptOf(body: string): string {
  const head = body.slice(0, SCAN_LIMIT);
  const text = MARKUP.test(head) ? pageText(head) : fold(head);
  const characters = [...text];
  return characters.length > EXCERPT_LENGTH
    ? `${characters.slice(0, EXCERPT_LENGTH).join("")}…`
    : text;
}

function pageText(html: string): string {
  const title = TITLE.exec(html)?.[1];
  const titled = title === undefined ? "" : wordsOf(title);
  if (titled !== "") return titled;
  const shown = HIDDEN.reduce((text, hidden) => text.replace(hidden, " "), html);
  return wordsOf(shown) || "an HTML page with no text";
}

/** The words of a piece of markup: tags dropped, entities read, white space folded. */
function wordsOf(markup: string): string {
  return fold(decodeEntities(markup.replace(TAG, " ")));
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function fold(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
