/** Text and data put into HTML or SVG markup the server writes. */

/** Escapes the XML (and HTML) special characters of a text, for element content and quoted attributes. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * JSON as a data block in HTML (never executed, so no CSP question). `<`, `>` and `&` are
 * escaped, so no text in the data can end the element (`</script>`) or start markup.
 */
export function jsonDataBlock(id: string, json: string): string {
  const safe = json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script id="${id}" type="application/json">${safe}</script>`;
}
