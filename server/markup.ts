/** Text and data put into HTML or SVG markup the server writes. */

/** Escapes the XML (and HTML) special characters of a text, for element content and quoted attributes. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * JSON as a data block in HTML (never executed, so no CSP question). `<`, `>` and `&` are
 * escaped, so no text in the data can end the element (`</script>`) or start markup.
 */
export function jsonDataBlock(id: string, json: string, attributes: Record<string, string> = {}): string {
  const more = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return `<script id="${id}" type="application/json"${more}>${safeJson(json)}</script>`;
}

/** JSON with `<`, `>` and `&` as \u escapes: the same data, and no text in it can end a script element. */
function safeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** schema.org JSON-LD (a data block too: never executed, so no CSP question), escaped as jsonDataBlock escapes. */
export function jsonLdBlock(value: unknown): string {
  return `<script type="application/ld+json">${safeJson(JSON.stringify(value))}</script>`;
}
