/** GTINs from UPCs (decision 0380): only numbers Google accepts are claimed. */
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, gtinOf } from './gtin';

describe('gtinOf', () => {
  it('accepts UPC-A, EAN-13, EAN-8 and GTIN-14 with a right check digit, named by length', () => {
    expect(gtinOf('036000291452')).toEqual({ digits: '036000291452', property: 'gtin12' });
    expect(gtinOf('4006381333931')).toEqual({ digits: '4006381333931', property: 'gtin13' });
    expect(gtinOf('96385074')).toEqual({ digits: '96385074', property: 'gtin8' });
    expect(gtinOf('10036000291459')).toEqual({ digits: '10036000291459', property: 'gtin14' });
    expect(gtinOf(' 036000291452 ')?.digits).toBe('036000291452');
  });

  it('refuses a wrong check digit, other lengths, letters, all zeros and nothing', () => {
    expect(gtinCheckDigit('03600029145')).toBe(2);
    for (const bad of [
      '036000291453',
      '03600029145',
      '0360002914520',
      '03600029145A',
      '000000000000',
      '',
      null,
      undefined,
      '036-000291452',
    ]) {
      expect(gtinOf(bad), String(bad)).toBeNull();
    }
  });

  it("refuses a till's in-store and weighed-item codes (restricted circulation: UPC number systems 2 and 4, EAN 02, 04, 20-29)", () => {
    const withCheck = (body: string) => `${body}${gtinCheckDigit(body)}`;
    for (const restricted of [withCheck('21234500000'), withCheck('41234500000'), withCheck('201234500000'), withCheck('291234500000')]) {
      expect(gtinOf(restricted), restricted).toBeNull();
    }
    expect(gtinOf(withCheck('71234500000'))?.property).toBe('gtin12');
  });
});
