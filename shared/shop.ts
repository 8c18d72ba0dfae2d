import type { ShopFacts } from './structured-data';

/**
 * The shop's own details, in one place: header, footer, about page, map and page titles read
 * them from here.
 */
export interface ShopAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface AboutSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface ShopConfig {
  name: string;
  /** One line under the name on the home page. */
  tagline: string;
  address: ShopAddress;
  /** As printed, e.g. (845) 555-0142. */
  phone: string;
  email: string;
  /** Where the shop is, for the map embed (WGS 84 degrees). */
  coordinates: { lat: number; lng: number };
  /** About Us page, in order: Who We Are, Our Mission, Our Team. */
  about: readonly [AboutSection, AboutSection, AboutSection];
  /** Visitors confirm this age at the age gate before entering (product §9). */
  minimumAge: number;
}

export const shop = {
  name: 'Patterson Wine & Liquor',
  tagline: 'A family-owned wine and liquor shop in Patterson, New York, for over 20 years.',
  address: {
    street: '3140 Route 22',
    city: 'Patterson',
    state: 'NY',
    zip: '12563',
  },
  phone: '(845) 555-0142',
  email: 'hello@pattersonwine.example',
  coordinates: { lat: 41.5126, lng: -73.6029 },
  about: [
    {
      heading: 'Who We Are',
      paragraphs: [
        'Patterson Wine & Liquor is a family-owned shop that has served Patterson and the surrounding towns for over 20 years.',
        'Our shelves hold wines from around the world, spirits from the familiar to the rare, and the extras that make an evening: mixers, glassware and gifts.',
      ],
    },
    {
      heading: 'Our Mission',
      paragraphs: [
        'We want every visit to end with the right bottle, whether it is a weeknight red, a gift for a host or something to celebrate with.',
        'We taste what we stock, keep our prices fair, and are always glad to talk through a choice with you.',
      ],
    },
    {
      heading: 'Our Team',
      paragraphs: [
        'We are a small team of family and neighbours who love wine and spirits and know our shelves well.',
        'Stop by, ask us anything, and tell us what you enjoyed last time: we will help you find what to try next.',
      ],
    },
  ],
  minimumAge: 21,
} as const satisfies ShopConfig;

/** The address on one line: 3140 Route 22, Patterson, NY 12563. */
export const shopAddressLine = `${shop.address.street}, ${shop.address.city}, ${shop.address.state} ${shop.address.zip}`;

/** The phone number as a tel: link target (digits only, with the US country code). */
export const shopPhoneHref = `tel:+1${shop.phone.replace(/\D/g, '')}`;

/**
 * The shop's facts as the page head and JSON-LD read them (shared/page-head.ts), when the owner's
 * settings record is missing or leaves a field empty. Pure data: the local server reads it too.
 */
export const shopDefaults: ShopFacts = {
  name: shop.name,
  addressLine: shopAddressLine,
  phone: shop.phone,
  email: shop.email,
  mapUrl: null,
  coordinates: shop.coordinates,
  hours: null,
};
