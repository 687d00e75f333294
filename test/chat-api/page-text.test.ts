// A body that is not JSON, as an error message quotes it: a proxy's HTML error page by its title
// or visible text, never its markup (issue 20); anything else as its start, white space folded.
import { describe, expect, it } from "vitest";
import { excerptOf } from "../../src/chat-api/page-text.js";

// What nginx sends for a 502, and what the proxy sent.
const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
const DOCTYPE_502 = `<!DOCTYPE html> <html> <head><title>502 Bad Gateway</title></head> <body> <center><h1>502 Bad Gateway</h1></center> </body> </html>`;

describe("excerptOf", () => {
  it("quotes an HTML page by its title", () => {
    expect(excerptOf(NGINX_502)).toBe("502 Bad Gateway");
    expect(excerptOf(DOCTYPE_502)).toBe("502 Bad Gateway");
    expect(excerptOf("<TITLE lang=en>\n  Service &amp; Co:\tdown </TITLE>")).toBe(
      "Service & Co: down",
    );
  });

  it("quotes the visible text of a page without a title, not its scripts, styles or comments", () => {
    expect(excerptOf("<html><body><h1>502 Bad Gateway</h1>nginx</body></html>")).toBe(
      "502 Bad Gateway nginx",
    );
    expect(
      excerptOf(
        `<!doctype html><html><head><style>h1 { color: red }</style><script>var x = "<b>";</script></head>` +
          `<body><!-- upstream: 10.0.0.7 --><p>Service&nbsp;unavailable &lt;try later&gt; &#8212; &#x263A;</p><title></title></body></html>`,
      ),
    ).toBe("Service unavailable <try later> — ☺");
    expect(excerptOf("<html><body></body></html>")).toBe("an HTML page with no text");
  });

  it("keeps text that is not a page, white space folded, cut short with an ellipsis", () => {
    expect(excerptOf("upstream connect error\n  or disconnect")).toBe(
      "upstream connect error or disconnect",
    );
    expect(excerptOf('{"truncated": ')).toBe('{"truncated":');
    expect(excerptOf("a < b and c > d")).toBe("a < b and c > d");
    const long = excerptOf(`<title>${"x".repeat(500)}</title>`);
    expect(long).toBe(`${"x".repeat(120)}…`);
  });
});
