/** The JSON-LD checks the page tests rely on catch what they are there to catch. */
import { describe, expect, it } from 'vitest';
import { withOfferFacts } from '../../shared/item-offer';
import { productOf } from '../../shared/structured-data';
import { googleRequiredIssues, schemaOrgVocabulary, structuredDataProblems, validatorIssues } from './structured-data';

const STORE = {
  '@context': 'https://schema.org',
  '@type': 'LiquorStore',
  name: 'Shop',
  address: {
    '@type': 'PostalAddress',
    streetAddress: '1 Main St',
    addressLocality: 'Patterson',
    addressRegion: 'NY',
    postalCode: '12563',
    addressCountry: 'US',
  },
  openingHoursSpecification: [
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday'], opens: '09:00', closes: '21:00' },
  ],
};
const PRODUCT = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Wine',
  image: ['https://shop.example/media/x.png'],
  offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
};
const EVENT = {
  '@context': 'https://schema.org',
  '@type': 'Event',
  name: 'Tasting',
  startDate: '2026-12-05T17:30:00-05:00',
  location: { '@type': 'Place', name: 'Shop', address: STORE.address },
};

describe('the vocabulary made from schema-dts', () => {
  it('has schema.org classes with their parents and properties with their classes', () => {
    const graph = schemaOrgVocabulary()['@graph'] as Array<Record<string, unknown>>;
    expect(graph.length).toBeGreaterThan(2000);
    expect(graph.find((entry) => entry['@id'] === 'schema:LiquorStore')).toEqual({
      '@id': 'schema:LiquorStore',
      '@type': 'rdfs:Class',
      'rdfs:subClassOf': [{ '@id': 'schema:Store' }],
    });
    expect(
      graph.find((entry) => entry['@id'] === 'schema:openingHoursSpecification')?.['schema:domainIncludes'] as unknown[],
    ).toContainEqual({ '@id': 'schema:Place' });
  });
});

describe('structuredDataProblems', () => {
  it('passes good blocks', async () => {
    expect(await structuredDataProblems([STORE, PRODUCT, EVENT])).toEqual([]);
  });

  it('fails an unknown type or property (schema.org) and a Product without offers or image (Google)', async () => {
    expect(await structuredDataProblems([{ ...STORE, openingHour: '9-9' }])).toEqual([
      'LiquorStore: Property "openingHour" for type "LiquorStore" is not supported by the schema.org specification',
    ]);
    expect(await structuredDataProblems([{ ...STORE, '@type': 'LiqourStore' }])).toContain(
      'LiqourStore: Type "LiqourStore" is not a valid schema.org type',
    );
    const { offers: _offers, image: _image, ...bare } = PRODUCT;
    const problems = await structuredDataProblems([bare]);
    expect(problems).toContain('Product: Required attribute "offers" is missing');
    expect(problems).toContain('Product: Required attribute "image" is missing');
    expect(await structuredDataProblems([{ ...PRODUCT, offers: { '@type': 'Offer', priceCurrency: 'USD' } }])).toEqual([
      expect.stringMatching(/^Product: One of the following conditions needs to be met: Required attribute "price" is missing/),
    ]);
  });

  it('fails an Event or a LocalBusiness missing what Google requires', () => {
    expect(googleRequiredIssues({ ...EVENT, startDate: 'next Friday' })).toEqual([
      'Event: startDate next Friday is not ISO 8601 with an offset',
    ]);
    expect(googleRequiredIssues({ ...EVENT, location: undefined })).toEqual(['Event: location is missing']);
    expect(googleRequiredIssues({ ...EVENT, location: { '@type': 'Place', name: 'Shop' } })).toEqual([
      'Event location: address is missing',
    ]);
    expect(googleRequiredIssues({ ...STORE, name: '', address: { '@type': 'PostalAddress' } })).toEqual([
      'LiquorStore: name is missing',
      'LiquorStore: address has no streetAddress',
    ]);
  });

  it("runs without the vocabulary too, with Google's rules alone", async () => {
    const issues = await validatorIssues([{ ...PRODUCT, bogus: 1 }], { vocabulary: false });
    expect(issues.filter((issue) => issue.severity === 'ERROR' || issue.errorType === 'schemaOrg')).toEqual([]);
  });
});

describe("the shop's Product with its facts (decision 0286)", () => {
  it('passes with every availability the stock gives (LimitedAvailability included) and a size', async () => {
    for (const stock of [null, 12, 2, 0] as const) {
      const product = productOf(withOfferFacts({ id: 'v', name: 'Vodka', price: 20, stock, sizeMl: 750, img: '/media/v.png' }), {
        origin: 'https://shop.example',
        shopImage: 'https://shop.example/og.png',
      })!;
      expect(await structuredDataProblems([product as unknown as Record<string, unknown>]), String(stock)).toEqual([]);
    }
  });
});
