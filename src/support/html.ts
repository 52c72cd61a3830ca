/** HTML text, as Rails' views write it. */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * `ERB::Util.html_escape`: `& < > " '` as entities, so the text is safe in element content and in
 * quoted attribute values.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JavaScript source safe inside a `<script>` element, whatever its string literals and RegExps
 * hold: `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` (so no `</script>` or `<!--`), and
 * U+2028/U+2029 escaped. For JSON text and RegExp sources only, where each of these characters is
 * in a string or a pattern and the escape means the same character: `\<` in a RegExp (an identity
 * escape) becomes the one escape, an escaped backslash is kept. (`replaceAll` per character for
 * text with no backslash-escaped `<`: a replace callback per match cost ~40 ms a 10,000-route page.)
 */
export function scriptSafe(source: string): string {
  if (/\\[<>&]/.test(source))
    return source.replace(/\\[\s\S]|[<>&\u2028\u2029]/g, (m) =>
      m.length === 2 ? (SCRIPT_ESCAPES[m[1]!] ?? m) : SCRIPT_ESCAPES[m]!,
    );
  return source
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
