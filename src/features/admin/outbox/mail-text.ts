/**
 * A kept mail's text as the Outbox shows it (decision 0366): as written, with each web address a
 * link, so staff open or copy the one-time link it carries. Only http(s) addresses become links;
 * a sentence's closing punctuation stays text.
 */
export type MailTextPart = { text: string } | { href: string };

const ADDRESS = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'}]+$/;

export function mailTextParts(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, '');
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ href });
    at = match.index + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
