import { describe, expect, it } from 'vitest';
import { mailTextParts } from './mail-text';

describe('a kept mail as the Outbox shows it', () => {
  it('makes each web address a link and keeps the rest as it is', () => {
    expect(mailTextParts('Hello,\n\nOpen http://localhost:3000/confirm-email?token=a_B-1 within 24 hours.\n\nBye')).toEqual([
      { text: 'Hello,\n\nOpen ' },
      { href: 'http://localhost:3000/confirm-email?token=a_B-1' },
      { text: ' within 24 hours.\n\nBye' },
    ]);
  });

  it('leaves closing punctuation out of the link, and other schemes as text', () => {
    expect(mailTextParts('See https://shop.example.com/events. Or javascript:alert(1) (https://x.example/a).')).toEqual([
      { text: 'See ' },
      { href: 'https://shop.example.com/events' },
      { text: '. Or javascript:alert(1) (' },
      { href: 'https://x.example/a' },
      { text: ').' },
    ]);
    expect(mailTextParts('')).toEqual([]);
    expect(mailTextParts('No link')).toEqual([{ text: 'No link' }]);
  });
});
