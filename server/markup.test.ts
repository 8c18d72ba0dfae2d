import { describe, expect, it } from 'vitest';
import { escapeXml, jsonDataBlock } from './markup';

describe('markup', () => {
  it('escapes the special characters of a text', () => {
    expect(escapeXml(`<a & 'b' "c">`)).toBe('&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt;');
  });

  it('writes JSON as a data block nothing inside can end, and that parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & -->' };
    const block = jsonDataBlock('data', JSON.stringify(value));
    expect(block.startsWith('<script id="data" type="application/json">')).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&]/);
    expect(JSON.parse(inner)).toEqual(value);
  });
});
