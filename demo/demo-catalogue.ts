/**
 * The demo catalogue an empty data directory is seeded with (design §2): categories and tags,
 * wines, liquors and extras, banners and upcoming events of Patterson Wine & Liquor.
 *
 * Pure data and a builder, no I/O. Every picture is described by a `DemoImageSpec` that
 * `renderDemoImage` (demo-images.ts) turns into a PNG, so the seed needs no downloads.
 * All names are fictional.
 */

import { BUILT_IN_CATEGORY, BUILT_IN_TAGS } from '../shared/catalogue';
import { daysBetween, nextEventDate, type EventSlot } from './event-dates';
import { saleEndsAtOf } from '../shared/sale-rule';

export type Department = 'Wine' | 'Liquor' | 'Extras';

export interface DemoCategory {
  id: string;
  name: string;
  type: Department[];
  visible: boolean;
  index: number;
}
export interface DemoTag {
  id: string;
  name: string;
  categoryId: string;
  index: number;
}
export interface DemoItem {
  name: string;
  price: number;
  description: string;
  tags: string[];
  promoted: boolean;
  upc: string;
  image: DemoImageSpec;
  // The item's facts (product §3), left out when the item has none (decision 0273: no null attribute).
  sizeMl?: number;
  packCount?: number;
  abv?: number;
  vintage?: string;
  stock?: number;
  stockCountedAt?: string;
  /**
   * Marked Sale, with the price history that makes it lawful (decision 0292): written straight
   * into the store by the local seeder, as months of trading would have left it. No API accepts a
   * history (decision 0293), so a shop seeded through the API (the emulated cloud) leaves both out.
   */
  onSale?: boolean;
  priceHistory?: string[];
  /** Until when the Sale mark holds, as the server sets it (decision 0295). */
  saleEndsAt?: string | null;
}
/** A carousel banner, rendered 1900x370. */
export interface DemoBanner {
  index: number;
  image: DemoImageSpec;
  /** What the banner says: its alt text, and its caption on phones. */
  description: string;
}
export interface DemoEvent {
  name: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour, or null when the event has no set time. */
  time: string | null;
  description: string;
  /** null: the site shows its logo instead. */
  image: DemoImageSpec | null;
  /** A tasting shows the shop's tasting rules (decision 0350). */
  isTasting: boolean;
  /** Where it takes RSVPs: the places, the most one customer brings, and a waiting list (decision 0343). */
  takesRsvp: boolean;
  rsvpCapacity: number | null;
  rsvpPartyLimit: number | null;
  rsvpWaitingList: boolean;
}
export interface DemoCatalogue {
  categories: DemoCategory[];
  tags: DemoTag[];
  items: DemoItem[];
  banners: DemoBanner[];
  events: DemoEvent[];
}

// ---------------------------------------------------------------------------------------------
// Image descriptions (rendered by demo-images.ts)

/** The printed label of a product: a small brand line, a large title, a detail line. */
export interface DemoLabel {
  brand: string;
  title: string;
  detail: string;
  /** Label colours: paper, ink (text), accent (rules, frame, brand line). */
  paper: string;
  ink: string;
  accent: string;
}

export type BottleShape =
  | 'bordeaux' // high, square shoulders
  | 'burgundy' // long sloping shoulders
  | 'hock' // tall and slender (Riesling, Provence, Pinot Grigio)
  | 'sparkling' // heavy, sloping, foil down to the shoulder
  | 'half' // slender 375 ml dessert bottle
  | 'port' // stout, short neck, bar-top stopper
  | 'whiskey' // squat, broad, wooden stopper
  | 'tall' // tall round spirit bottle, screw cap
  | 'square' // apothecary style, square shoulders, stopper
  | 'flask' // flat-sided, rounded shoulders
  | 'decanter'; // round-bellied cognac bottle

/** Product pictures are 600x800; `backdrop` is the tint of the soft studio background. */
export interface DemoBottleImage {
  kind: 'bottle';
  shape: BottleShape;
  /** Glass colour. */
  glass: string;
  /** Colour of the liquid seen through clear glass; null for dark, opaque-looking glass. */
  liquid: string | null;
  /** Capsule, foil or cap colour. */
  capsule: string;
  /** classic: cream paper wine label in serif; bold: a strong spirits label. */
  labelStyle: 'classic' | 'bold';
  label: DemoLabel;
  backdrop: string;
}
export interface DemoCanImage {
  kind: 'can';
  body: string;
  label: DemoLabel;
  backdrop: string;
}
export interface DemoBoxImage {
  kind: 'box';
  body: string;
  ribbon: string | null;
  label: DemoLabel;
  backdrop: string;
}
export interface DemoGlassImage {
  kind: 'glass';
  style: 'stemless' | 'tumbler';
  liquid: string;
  /** Colour of the gift box the glasses stand on; its front carries the label. */
  box: string;
  label: DemoLabel;
  backdrop: string;
}
export interface DemoBagImage {
  kind: 'bag';
  body: string;
  snack: string;
  label: DemoLabel;
  backdrop: string;
}
export interface DemoJarImage {
  kind: 'jar';
  lid: string;
  contents: string;
  label: DemoLabel;
  backdrop: string;
}

export type DemoTheme = 'burgundy' | 'gold' | 'green' | 'rose' | 'navy';

/** 1900x370 carousel banner: a headline and subline beside a row of bottle silhouettes. */
export interface DemoBannerImage {
  kind: 'banner';
  theme: DemoTheme;
  eyebrow: string;
  headline: string;
  subline: string;
}
/** 800x500 event picture. */
export interface DemoEventImage {
  kind: 'event';
  theme: DemoTheme;
  motif: 'wine' | 'spirits' | 'rose';
  eyebrow: string;
  title: string;
  subtitle: string;
}

export type DemoImageSpec =
  DemoBottleImage | DemoCanImage | DemoBoxImage | DemoGlassImage | DemoBagImage | DemoJarImage | DemoBannerImage | DemoEventImage;

/** Pixel size of each kind of picture. */
export function demoImageSize(spec: DemoImageSpec): { width: number; height: number } {
  if (spec.kind === 'banner') return { width: 1900, height: 370 };
  if (spec.kind === 'event') return { width: 800, height: 500 };
  return { width: 600, height: 800 };
}

export const SHOP_NAME = 'Patterson Wine & Liquor';

// ---------------------------------------------------------------------------------------------
// Categories and tags

export { DEPARTMENT_TAG_IDS } from '../shared/catalogue';

interface CategoryDef {
  id: string;
  name: string;
  type: Department[];
  visible: boolean;
  tags: Array<[string, string]>;
}

const CATEGORY_DEFS: CategoryDef[] = [
  {
    ...BUILT_IN_CATEGORY,
    type: [...BUILT_IN_CATEGORY.type],
    tags: BUILT_IN_TAGS.map(({ id, name }) => [id, name]),
  },
  {
    id: 'wine-type',
    name: 'Wine Type',
    type: ['Wine'],
    visible: true,
    tags: [
      ['tag-red', 'Red'],
      ['tag-white', 'White'],
      ['tag-rose', 'Rosé'],
      ['tag-sparkling', 'Sparkling'],
      ['tag-dessert', 'Dessert & Fortified'],
    ],
  },
  {
    id: 'spirit',
    name: 'Spirit',
    type: ['Liquor'],
    visible: true,
    tags: [
      ['tag-whiskey', 'Whiskey'],
      ['tag-bourbon', 'Bourbon'],
      ['tag-vodka', 'Vodka'],
      ['tag-gin', 'Gin'],
      ['tag-rum', 'Rum'],
      ['tag-tequila', 'Tequila'],
      ['tag-brandy', 'Brandy & Cognac'],
      ['tag-liqueur', 'Liqueur'],
    ],
  },
  {
    id: 'region',
    name: 'Region',
    type: ['Wine', 'Liquor'],
    visible: true,
    tags: [
      ['tag-new-york', 'New York'],
      ['tag-california', 'California'],
      ['tag-kentucky', 'Kentucky'],
      ['tag-france', 'France'],
      ['tag-italy', 'Italy'],
      ['tag-spain', 'Spain'],
      ['tag-portugal', 'Portugal'],
      ['tag-scotland', 'Scotland'],
      ['tag-ireland', 'Ireland'],
      ['tag-mexico', 'Mexico'],
      ['tag-caribbean', 'Caribbean'],
      ['tag-argentina', 'Argentina'],
      ['tag-australia', 'Australia'],
    ],
  },
  {
    id: 'extras-type',
    name: 'Product Type',
    type: ['Extras'],
    visible: true,
    tags: [
      ['tag-mixers', 'Mixers'],
      ['tag-glassware', 'Glassware'],
      ['tag-gift-sets', 'Gift Sets'],
      ['tag-snacks', 'Snacks'],
      ['tag-accessories', 'Accessories'],
    ],
  },
  // No Price category: the menu's price ranges come from each item's price (decision 0280).
];

// ---------------------------------------------------------------------------------------------
// Products

const CREAM = '#f3ead6';
const IVORY = '#f7f2e6';
const PARCHMENT = '#efe2c4';
const INK = '#2a1f18';

/** Glass and liquid colours of wine bottles. */
const GLASS = {
  red: { glass: '#5a1424', liquid: null },
  redDeep: { glass: '#4a0f1c', liquid: null },
  redGarnet: { glass: '#62182a', liquid: null },
  white: { glass: '#e9efe6', liquid: '#e6cf7a' },
  whiteGreen: { glass: '#c7d6ae', liquid: '#d8cf78' },
  rose: { glass: '#f1f1ee', liquid: '#f2a6ae' },
  roseSalmon: { glass: '#f1f1ee', liquid: '#f5bfaa' },
  sparkling: { glass: '#1f3a25', liquid: null },
  dessert: { glass: '#efefe9', liquid: '#d49a36' },
  port: { glass: '#26090e', liquid: null },
} as const;

interface WineDef {
  brand: string;
  title: string;
  vintage: string;
  area: string;
  region: string;
  type: 'tag-red' | 'tag-white' | 'tag-rose' | 'tag-sparkling' | 'tag-dessert';
  price: number;
  shape: BottleShape;
  glass: keyof typeof GLASS;
  capsule: string;
  paper?: string;
  accent: string;
  description: string;
  promoted?: boolean;
  /** Item name when it is not "brand title vintage". */
  name?: string;
}

const WINES: WineDef[] = [
  {
    brand: 'Stone Ridge Cellars',
    title: 'Cabernet Sauvignon',
    vintage: '2021',
    area: 'Napa Valley',
    region: 'tag-california',
    type: 'tag-red',
    price: 29.99,
    shape: 'bordeaux',
    glass: 'red',
    capsule: '#5b0f1f',
    accent: '#7a1b2b',
    promoted: true,
    description: 'A full-bodied Cabernet with blackcurrant, cedar and a touch of vanilla from French oak. Pair it with a grilled ribeye.',
  },
  {
    brand: 'Hollow Creek',
    title: 'Pinot Noir',
    vintage: '2022',
    area: 'Sonoma Coast',
    region: 'tag-california',
    type: 'tag-red',
    price: 22.99,
    shape: 'burgundy',
    glass: 'redGarnet',
    capsule: '#1d1d1f',
    accent: '#8a2a2a',
    description:
      'Silky and bright, with red cherry, raspberry and a hint of forest floor. Lovely slightly chilled with salmon or roast chicken.',
  },
  {
    brand: 'Laurel Bend',
    title: 'Chardonnay',
    vintage: '2022',
    area: 'Russian River Valley',
    region: 'tag-california',
    type: 'tag-white',
    price: 21.99,
    shape: 'burgundy',
    glass: 'white',
    capsule: '#c9a64b',
    accent: '#9a7a2a',
    description: 'Ripe pear, baked apple and toasted oak with a creamy texture. Great with lobster rolls or a cheese board.',
  },
  {
    brand: 'Coastal Blush',
    title: 'Dry Rosé',
    vintage: '2023',
    area: 'Central Coast',
    region: 'tag-california',
    type: 'tag-rose',
    price: 14.99,
    shape: 'bordeaux',
    glass: 'rose',
    capsule: '#e7c9c4',
    paper: IVORY,
    accent: '#c0566a',
    description: 'Crisp strawberry and watermelon notes with a clean, dry finish. Made for porch sipping.',
  },
  {
    brand: 'Seneca Terrace',
    title: 'Dry Riesling',
    vintage: '2022',
    area: 'Finger Lakes',
    region: 'tag-new-york',
    type: 'tag-white',
    price: 17.99,
    shape: 'hock',
    glass: 'whiteGreen',
    capsule: '#2f5d50',
    accent: '#2f5d50',
    promoted: true,
    description: "Racy lime, green apple and wet-stone minerality from Seneca Lake's steep slopes. A local favorite with spicy food.",
  },
  {
    brand: 'Taconic Ridge',
    title: 'Cabernet Franc',
    vintage: '2021',
    area: 'Hudson Valley',
    region: 'tag-new-york',
    type: 'tag-red',
    price: 23.99,
    shape: 'bordeaux',
    glass: 'redDeep',
    capsule: '#6b1a2a',
    paper: PARCHMENT,
    accent: '#6b1a2a',
    description: 'Hudson Valley Cabernet Franc with red plum, bell pepper and soft tannins. Medium-bodied and food friendly.',
  },
  {
    brand: 'Great Swamp Vineyards',
    title: 'Seyval Blanc',
    vintage: '2023',
    area: 'Hudson Valley',
    region: 'tag-new-york',
    type: 'tag-white',
    price: 15.99,
    shape: 'burgundy',
    glass: 'whiteGreen',
    capsule: '#e5ddc8',
    paper: IVORY,
    accent: '#4f6b3a',
    description: 'A crisp, citrusy white from a hybrid grape that thrives in our cold winters. Try it with oysters or goat cheese.',
  },
  {
    brand: 'Golden Hour',
    title: 'Late Harvest Riesling',
    vintage: '2021',
    area: 'Finger Lakes',
    region: 'tag-new-york',
    type: 'tag-dessert',
    price: 24.99,
    shape: 'half',
    glass: 'dessert',
    capsule: '#b8892f',
    accent: '#a0741f',
    name: 'Golden Hour Late Harvest Riesling 2021',
    description: 'Honeyed apricot and candied lemon balanced by bright acidity. Serve with blue cheese or a fruit tart.',
  },
  {
    brand: 'Château Belle Rive',
    title: 'Bordeaux Supérieur',
    vintage: '2019',
    area: 'Bordeaux',
    region: 'tag-france',
    type: 'tag-red',
    price: 26.99,
    shape: 'bordeaux',
    glass: 'redDeep',
    capsule: '#7d1426',
    paper: PARCHMENT,
    accent: '#7d1426',
    description: 'A Merlot-led blend with plum, graphite and firm tannins. Decant for an hour before dinner.',
  },
  {
    brand: 'Domaine des Trois Chênes',
    title: 'Sancerre',
    vintage: '2022',
    area: 'Loire Valley',
    region: 'tag-france',
    type: 'tag-white',
    price: 32.99,
    shape: 'burgundy',
    glass: 'whiteGreen',
    capsule: '#3c5a3c',
    accent: '#3c5a3c',
    description: 'Classic Loire Sauvignon Blanc with grapefruit, cut grass and chalky minerality. Perfect with goat cheese.',
  },
  {
    brand: 'Maison Lumière',
    title: 'Côtes de Provence Rosé',
    vintage: '2023',
    area: 'Provence',
    region: 'tag-france',
    type: 'tag-rose',
    price: 19.99,
    shape: 'hock',
    glass: 'roseSalmon',
    capsule: '#f0d6c8',
    paper: IVORY,
    accent: '#c46a5a',
    promoted: true,
    description:
      'Pale salmon-pink with delicate notes of peach and wild strawberry. The taste of a summer afternoon in the south of France.',
  },
  {
    brand: 'Clos Saint-Aubin',
    title: 'Brut Champagne',
    vintage: 'NV',
    area: 'Champagne',
    region: 'tag-france',
    type: 'tag-sparkling',
    price: 49.99,
    shape: 'sparkling',
    glass: 'sparkling',
    capsule: '#c8a44a',
    accent: '#a8822c',
    promoted: true,
    name: 'Clos Saint-Aubin Brut Champagne NV',
    description: 'Fine bubbles with brioche, lemon zest and green apple. For birthdays, anniversaries and ordinary Tuesdays.',
  },
  {
    brand: 'Tenuta Colle Alto',
    title: 'Chianti Classico',
    vintage: '2020',
    area: 'Tuscany',
    region: 'tag-italy',
    type: 'tag-red',
    price: 21.99,
    shape: 'bordeaux',
    glass: 'red',
    capsule: '#1f1f22',
    paper: PARCHMENT,
    accent: '#8c2f1f',
    description: 'Sangiovese with sour cherry, dried herbs and a savory finish. Made for pasta night.',
  },
  {
    brand: 'Poggio del Sole',
    title: 'Barolo',
    vintage: '2018',
    area: 'Piedmont',
    region: 'tag-italy',
    type: 'tag-red',
    price: 54.99,
    shape: 'burgundy',
    glass: 'redDeep',
    capsule: '#4b0d1a',
    accent: '#9a7a2a',
    description: 'Powerful Nebbiolo with rose petal, tar and dried cherry. Built to age, or open now with braised short ribs.',
  },
  {
    brand: 'Villa Serena',
    title: 'Pinot Grigio',
    vintage: '2023',
    area: 'Veneto',
    region: 'tag-italy',
    type: 'tag-white',
    price: 13.99,
    shape: 'hock',
    glass: 'white',
    capsule: '#d8d3c4',
    paper: IVORY,
    accent: '#5a7a8c',
    description: 'Light and refreshing with green apple and a squeeze of lemon. An easy everyday white.',
  },
  {
    brand: 'Casa Marzo',
    title: 'Prosecco',
    vintage: 'NV',
    area: 'Veneto',
    region: 'tag-italy',
    type: 'tag-sparkling',
    price: 16.99,
    shape: 'sparkling',
    glass: 'sparkling',
    capsule: '#e8e1cf',
    paper: IVORY,
    accent: '#3e6b4e',
    name: 'Casa Marzo Prosecco NV',
    description: 'Lively bubbles with pear, white flowers and a touch of sweetness. Great for spritzes and mimosas.',
  },
  {
    brand: 'Bodega Las Piedras',
    title: 'Rioja Reserva',
    vintage: '2018',
    area: 'Rioja',
    region: 'tag-spain',
    type: 'tag-red',
    price: 24.99,
    shape: 'bordeaux',
    glass: 'redGarnet',
    capsule: '#a3812f',
    paper: PARCHMENT,
    accent: '#8a3a1f',
    description: 'Tempranillo aged in American oak, with cherry, vanilla and leather. Smooth and savory.',
  },
  {
    brand: 'Finca Luna',
    title: 'Albariño',
    vintage: '2022',
    area: 'Rías Baixas',
    region: 'tag-spain',
    type: 'tag-white',
    price: 18.99,
    shape: 'hock',
    glass: 'white',
    capsule: '#3b6e8f',
    accent: '#3b6e8f',
    description: 'Zesty peach and lime with a salty sea-breeze finish. Brilliant with shrimp and shellfish.',
  },
  {
    brand: 'Mar Blanca',
    title: 'Cava Brut',
    vintage: 'NV',
    area: 'Penedès',
    region: 'tag-spain',
    type: 'tag-sparkling',
    price: 13.99,
    shape: 'sparkling',
    glass: 'sparkling',
    capsule: '#20242a',
    accent: '#b0883a',
    name: 'Mar Blanca Cava Brut NV',
    description: 'A crisp, dry sparkling wine made in the traditional method. Great value for any celebration.',
  },
  {
    brand: 'Alto Andes',
    title: 'Malbec',
    vintage: '2021',
    area: 'Mendoza',
    region: 'tag-argentina',
    type: 'tag-red',
    price: 16.99,
    shape: 'bordeaux',
    glass: 'red',
    capsule: '#3a2a5a',
    accent: '#4a3a7a',
    description: 'Plush plum and violet with a hint of cocoa. The classic steak-night wine.',
  },
  {
    brand: 'Red Gum Flats',
    title: 'Shiraz',
    vintage: '2021',
    area: 'Barossa Valley',
    region: 'tag-australia',
    type: 'tag-red',
    price: 19.99,
    shape: 'burgundy',
    glass: 'redDeep',
    capsule: '#8c3a1f',
    paper: PARCHMENT,
    accent: '#8c3a1f',
    description: 'Bold blackberry, mocha and black pepper. A big red for burgers and braises.',
  },
  {
    brand: 'Quinta do Rio Velho',
    title: '10 Year Tawny Port',
    vintage: 'Aged 10 Years',
    area: 'Douro',
    region: 'tag-portugal',
    type: 'tag-dessert',
    price: 34.99,
    shape: 'port',
    glass: 'port',
    capsule: '#6a1420',
    accent: '#6a1420',
    name: 'Quinta do Rio Velho 10 Year Tawny Port',
    description: 'Nutty and smooth with caramel, dried fig and orange peel. Sip after dinner with dark chocolate.',
  },
];

interface SpiritDef {
  name: string;
  brand: string;
  title: string;
  detail: string;
  spirit: string;
  region: string | null;
  price: number;
  shape: BottleShape;
  /** Liquid colour; spirits come in clear glass. */
  liquid: string;
  capsule: string;
  paper: string;
  ink: string;
  accent: string;
  description: string;
  promoted?: boolean;
}

const AMBER = '#b5641c';
const DEEP_AMBER = '#8f4612';
const CLEAR = '#e6eef0';

const SPIRITS: SpiritDef[] = [
  {
    name: 'Tamarack Hollow Kentucky Straight Bourbon',
    brand: 'Tamarack Hollow',
    title: 'Kentucky Straight Bourbon',
    detail: '90 Proof · 750 ml',
    spirit: 'tag-bourbon',
    region: 'tag-kentucky',
    price: 32.99,
    shape: 'whiskey',
    liquid: AMBER,
    capsule: '#6b3f1f',
    paper: '#1c1a19',
    ink: '#f1e3c2',
    accent: '#c9a45a',
    description: 'Caramel, toasted oak and a whisper of cinnamon. Smooth enough to sip neat, sturdy enough for an Old Fashioned.',
  },
  {
    name: 'Barrel & Brand Single Barrel Bourbon',
    brand: 'Barrel & Brand',
    title: 'Single Barrel Bourbon',
    detail: '110 Proof · Kentucky',
    spirit: 'tag-bourbon',
    region: 'tag-kentucky',
    price: 54.99,
    shape: 'square',
    liquid: DEEP_AMBER,
    capsule: '#2a2320',
    paper: '#efe3c8',
    ink: '#2b1d14',
    accent: '#8a2a1a',
    description: 'Hand-selected single barrel bourbon bottled at 110 proof. Rich toffee, dark cherry and baking spice.',
  },
  {
    name: 'Harlem Line Straight Rye Whiskey',
    brand: 'Harlem Line',
    title: 'Straight Rye Whiskey',
    detail: 'Distilled in New York',
    spirit: 'tag-whiskey',
    region: 'tag-new-york',
    price: 39.99,
    shape: 'tall',
    liquid: AMBER,
    capsule: '#1e1e20',
    paper: '#1f3a5f',
    ink: '#f4ead2',
    accent: '#d9b45a',
    promoted: true,
    description: 'A spicy New York rye named for the train line that runs through Patterson. Peppery, bold and perfect in a Manhattan.',
  },
  {
    name: 'Glen Corran 12 Year Single Malt Scotch',
    brand: 'Glen Corran',
    title: 'Single Malt Scotch',
    detail: 'Aged 12 Years · Speyside',
    spirit: 'tag-whiskey',
    region: 'tag-scotland',
    price: 56.99,
    shape: 'whiskey',
    liquid: '#c27a26',
    capsule: '#163a2c',
    paper: '#f2ead6',
    ink: '#173a2c',
    accent: '#a8822c',
    promoted: true,
    description: 'Honeyed malt, orchard fruit and a wisp of smoke. Aged twelve years in sherry and bourbon casks.',
  },
  {
    name: 'Kilbrennan Irish Whiskey',
    brand: 'Kilbrennan',
    title: 'Irish Whiskey',
    detail: 'Triple Distilled',
    spirit: 'tag-whiskey',
    region: 'tag-ireland',
    price: 27.99,
    shape: 'tall',
    liquid: '#c9852e',
    capsule: '#1f4d33',
    paper: '#f4efe0',
    ink: '#1f4d33',
    accent: '#b08a3a',
    description: 'Light, smooth and easygoing with vanilla and green apple. Triple distilled the Irish way.',
  },
  {
    name: 'Clear Lake Premium Vodka',
    brand: 'Clear Lake',
    title: 'Premium Vodka',
    detail: 'Distilled 6 Times',
    spirit: 'tag-vodka',
    region: 'tag-new-york',
    price: 21.99,
    shape: 'tall',
    liquid: CLEAR,
    capsule: '#1c3f6e',
    paper: '#ffffff',
    ink: '#1c3f6e',
    accent: '#6f9cc9',
    description: 'Crisp and clean, distilled six times from New York grain. Excellent chilled or in a vodka soda.',
  },
  {
    name: 'Putnam County Small Batch Dry Gin',
    brand: 'Putnam County',
    title: 'Dry Gin',
    detail: 'Small Batch · New York',
    spirit: 'tag-gin',
    region: 'tag-new-york',
    price: 34.99,
    shape: 'square',
    liquid: '#e8f1ee',
    capsule: '#2e6b62',
    paper: '#2e6b62',
    ink: '#f3efe2',
    accent: '#e3c77a',
    description: 'Juniper, lemon peel and local botanicals. A bright, modern gin made for a gin and tonic.',
  },
  {
    name: "Admiral's Garden London Dry Gin",
    brand: "Admiral's Garden",
    title: 'London Dry Gin',
    detail: '94 Proof · 750 ml',
    spirit: 'tag-gin',
    region: null,
    price: 24.99,
    shape: 'tall',
    liquid: '#e4eef2',
    capsule: '#23395b',
    paper: '#f4efe3',
    ink: '#23395b',
    accent: '#b23a3a',
    description: 'Classic London Dry style with bold juniper, coriander and citrus. The martini gin behind our own counter.',
  },
  {
    name: 'Isla Dorada Gold Rum',
    brand: 'Isla Dorada',
    title: 'Gold Rum',
    detail: 'Aged 3 Years',
    spirit: 'tag-rum',
    region: 'tag-caribbean',
    price: 19.99,
    shape: 'tall',
    liquid: '#d19a3a',
    capsule: '#b8892f',
    paper: '#f6e7c1',
    ink: '#7a3a12',
    accent: '#2f8a8a',
    description: 'Mellow gold rum with vanilla, banana and brown sugar. Made for daiquiris and rum punch.',
  },
  {
    name: 'Black Reef Spiced Rum',
    brand: 'Black Reef',
    title: 'Spiced Rum',
    detail: 'Caribbean Rum with Spice',
    spirit: 'tag-rum',
    region: 'tag-caribbean',
    price: 22.99,
    shape: 'flask',
    liquid: '#7a3a12',
    capsule: '#1a1a1a',
    paper: '#151515',
    ink: '#f0d9a8',
    accent: '#c0492f',
    description: 'Warm clove, cinnamon and molasses. Mix it with cola or ginger beer.',
  },
  {
    name: 'Cielo Rojo Blanco Tequila',
    brand: 'Cielo Rojo',
    title: 'Blanco Tequila',
    detail: '100% Blue Agave',
    spirit: 'tag-tequila',
    region: 'tag-mexico',
    price: 36.99,
    shape: 'flask',
    liquid: '#eef3f0',
    capsule: '#b23a2a',
    paper: '#f7f1e4',
    ink: '#b23a2a',
    accent: '#2f7a6a',
    description: 'Bright agave, citrus and cracked black pepper. Unaged and perfect for margaritas.',
  },
  {
    name: 'Cielo Rojo Reposado Tequila',
    brand: 'Cielo Rojo',
    title: 'Reposado Tequila',
    detail: 'Rested 8 Months in Oak',
    spirit: 'tag-tequila',
    region: 'tag-mexico',
    price: 44.99,
    shape: 'flask',
    liquid: '#d8a550',
    capsule: '#b23a2a',
    paper: '#b23a2a',
    ink: '#fbeed8',
    accent: '#f0c46a',
    promoted: true,
    description: 'Rested in oak for eight months for notes of honey, vanilla and cooked agave. Sip it, or upgrade your margarita.',
  },
  {
    name: 'Maison Delorme VSOP Cognac',
    brand: 'Maison Delorme',
    title: 'VSOP Cognac',
    detail: 'Fine Champagne',
    spirit: 'tag-brandy',
    region: 'tag-france',
    price: 52.99,
    shape: 'decanter',
    liquid: '#9a4a14',
    capsule: '#a8822c',
    paper: '#1d1b1a',
    ink: '#e9d29a',
    accent: '#a8822c',
    description: 'An elegant cognac with dried apricot, vanilla and toasted almond. A classic after-dinner pour.',
  },
  {
    name: 'Orchard Lane Apple Brandy',
    brand: 'Orchard Lane',
    title: 'Apple Brandy',
    detail: 'Hudson Valley · Oak Aged',
    spirit: 'tag-brandy',
    region: 'tag-new-york',
    price: 31.99,
    shape: 'square',
    liquid: '#c8782a',
    capsule: '#7a2a1f',
    paper: '#f3e8cf',
    ink: '#7a2a1f',
    accent: '#5a7a2a',
    description: 'Distilled from Hudson Valley apples and aged in oak. Baked apple and cinnamon in every sip.',
  },
  {
    name: 'Nonna Rosa Limoncello',
    brand: 'Nonna Rosa',
    title: 'Limoncello',
    detail: 'Made with Sorrento-Style Lemons',
    spirit: 'tag-liqueur',
    region: 'tag-italy',
    price: 24.99,
    shape: 'tall',
    liquid: '#f2d43a',
    capsule: '#f4efe0',
    paper: '#f9f4e6',
    ink: '#2f6b3a',
    accent: '#e0b81f',
    description: 'Made from sun-ripened lemon peel, bright and sweet. Serve it ice cold after dinner.',
  },
  {
    name: 'Velvet Bean Coffee Liqueur',
    brand: 'Velvet Bean',
    title: 'Coffee Liqueur',
    detail: 'Roasted Coffee & Cane Sugar',
    spirit: 'tag-liqueur',
    region: null,
    price: 22.99,
    shape: 'square',
    liquid: '#2a140a',
    capsule: '#c9a45a',
    paper: '#f1e6d0',
    ink: '#3a1f12',
    accent: '#c9a45a',
    description: 'Rich roasted coffee and dark sugar. The key to a White Russian or an espresso martini.',
  },
];

interface ExtraDef {
  name: string;
  kindTag: string;
  price: number;
  description: string;
  image: DemoImageSpec;
  promoted?: boolean;
}

const EXTRAS: ExtraDef[] = [
  {
    name: 'Highbridge Tonic Water, 4-Pack',
    kindTag: 'tag-mixers',
    price: 7.99,
    description: 'Crisp tonic with real quinine and a clean, dry finish. Four 8 oz cans.',
    image: {
      kind: 'can',
      body: '#2f6f8f',
      backdrop: '#e6eef1',
      label: { brand: 'Highbridge', title: 'Tonic Water', detail: '8 FL OZ', paper: '#f5f1e6', ink: '#1f4a5f', accent: '#e0b84a' },
    },
  },
  {
    name: 'Fiery Root Ginger Beer, 4-Pack',
    kindTag: 'tag-mixers',
    price: 8.99,
    description: 'Spicy ginger beer brewed with fresh ginger root. Built for mules and rum highballs.',
    image: {
      kind: 'can',
      body: '#c8641f',
      backdrop: '#f3e9df',
      label: { brand: 'Fiery Root', title: 'Ginger Beer', detail: '8 FL OZ', paper: '#fbf3e2', ink: '#6a2a10', accent: '#2f5d3a' },
    },
  },
  {
    name: 'Orchard Row Cocktail Cherries',
    kindTag: 'tag-mixers',
    price: 12.99,
    description: 'Dark, sweet cherries in rich syrup. The finishing touch for a Manhattan or an Old Fashioned.',
    image: {
      kind: 'jar',
      lid: '#7a1020',
      contents: '#4a0812',
      backdrop: '#f1e7e4',
      label: {
        brand: 'Orchard Row',
        title: 'Cocktail Cherries',
        detail: 'Net Wt 13.5 oz',
        paper: CREAM,
        ink: '#5a0c18',
        accent: '#b08a3a',
      },
    },
  },
  {
    name: 'Stemless Wine Glasses, Set of 4',
    kindTag: 'tag-glassware',
    price: 24.99,
    description: 'Sturdy, dishwasher-safe stemless glasses for reds and whites. 15 oz each.',
    image: {
      kind: 'glass',
      style: 'stemless',
      liquid: '#6a0f1f',
      box: '#2b2b30',
      backdrop: '#dfe3e6',
      label: {
        brand: 'Patterson Wine & Liquor',
        title: 'Stemless Wine Glasses',
        detail: 'Set of 4 · 15 oz',
        paper: '#f4efe3',
        ink: '#2b2b30',
        accent: '#8a1f2f',
      },
    },
  },
  {
    name: 'Crystal Rocks Glasses, Set of 2',
    kindTag: 'tag-glassware',
    price: 29.99,
    description: 'Heavy-bottomed whiskey glasses in clear, lead-free crystal. Made for a slow pour over one big ice cube.',
    image: {
      kind: 'glass',
      style: 'tumbler',
      liquid: '#b5641c',
      box: '#1f2f3f',
      backdrop: '#e4e1dc',
      label: {
        brand: 'Patterson Wine & Liquor',
        title: 'Crystal Rocks Glasses',
        detail: 'Set of 2 · 10 oz',
        paper: '#f2ead6',
        ink: '#1f2f3f',
        accent: '#b08a3a',
      },
    },
  },
  {
    name: "Wine Lover's Gift Box",
    kindTag: 'tag-gift-sets',
    price: 39.99,
    promoted: true,
    description:
      "A gift-ready box with a waiter's corkscrew, foil cutter, drip ring and wine stopper. Add any bottle and we'll wrap it for free.",
    image: {
      kind: 'box',
      body: '#6a1424',
      ribbon: '#d4af5a',
      backdrop: '#f0e6e2',
      label: {
        brand: 'Patterson Wine & Liquor',
        title: "Wine Lover's Gift Box",
        detail: 'Corkscrew · Stopper · Drip Ring',
        paper: CREAM,
        ink: '#4a0d18',
        accent: '#b08a3a',
      },
    },
  },
  {
    name: 'Bourbon Tasting Gift Set',
    kindTag: 'tag-gift-sets',
    price: 44.99,
    description: 'Two rocks glasses, whiskey stones and a tasting notebook in a handsome keepsake box.',
    image: {
      kind: 'box',
      body: '#2a1d15',
      ribbon: '#b5641c',
      backdrop: '#ece4da',
      label: {
        brand: 'Patterson Wine & Liquor',
        title: 'Bourbon Tasting Set',
        detail: '2 Glasses · Stones · Notebook',
        paper: '#efe2c4',
        ink: '#2a1d15',
        accent: '#8f4612',
      },
    },
  },
  {
    name: 'Hilltop Sea Salt Kettle Chips',
    kindTag: 'tag-snacks',
    price: 4.49,
    description: 'Thick-cut, kettle-cooked potato chips with just the right amount of sea salt.',
    image: {
      kind: 'bag',
      body: '#2f5f9f',
      snack: '#e8b84a',
      backdrop: '#e9edf2',
      label: {
        brand: 'Hilltop',
        title: 'Sea Salt Kettle Chips',
        detail: 'Net Wt 5 oz',
        paper: '#fbf6e8',
        ink: '#1f3f6f',
        accent: '#d9452f',
      },
    },
  },
  {
    name: 'Rosemary & Sea Salt Crackers',
    kindTag: 'tag-snacks',
    price: 5.99,
    description: 'Crisp flatbread crackers baked with rosemary and olive oil. Made for a cheese board.',
    image: {
      kind: 'box',
      body: '#4f6b3a',
      ribbon: null,
      backdrop: '#eef0e6',
      label: {
        brand: 'Little Meadow Bakery',
        title: 'Rosemary & Sea Salt Crackers',
        detail: 'Net Wt 4.5 oz',
        paper: '#f8f2e2',
        ink: '#33472a',
        accent: '#b0883a',
      },
    },
  },
  {
    name: "Professional Waiter's Corkscrew",
    kindTag: 'tag-accessories',
    price: 14.99,
    description: 'A double-hinged corkscrew with a built-in foil cutter and bottle opener. The same tool our staff use every day.',
    image: {
      kind: 'box',
      body: '#1f1f24',
      ribbon: null,
      backdrop: '#e8e4de',
      label: {
        brand: 'Patterson Wine & Liquor',
        title: "Waiter's Corkscrew",
        detail: 'Double Hinged · Foil Cutter',
        paper: '#f2ead6',
        ink: '#1f1f24',
        accent: '#a8822c',
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------
// UPC-A

/** The check digit of the first 11 digits of a UPC-A code. */
export function upcCheckDigit(first11: string): number {
  if (!/^\d{11}$/.test(first11)) throw new Error(`UPC body must be 11 digits: ${first11}`);
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A full 12-digit UPC-A code is valid when its last digit is the check digit of the rest. */
export function isValidUpc(upc: string): boolean {
  return /^\d{12}$/.test(upc) && upcCheckDigit(upc.slice(0, 11)) === Number(upc[11]);
}

/** Fictional manufacturer prefixes per department; product numbers step through 5 digits. */
function makeUpc(prefix: string, n: number): string {
  const body = prefix + String(10007 + n * 1373).padStart(5, '0');
  return body + String(upcCheckDigit(body));
}

// ---------------------------------------------------------------------------------------------
// Banners and events

/** The banners' descriptions, in the order of BANNERS: what each one says, in a sentence or two. */
const BANNER_DESCRIPTIONS = [
  'Family owned in Patterson for over 20 years: hand-picked wines and spirits, friendly advice and fair prices.',
  'Weekend wine tasting every Saturday, 2 to 5 pm: four new bottles open at the counter every week.',
  'Local New York wines from the Finger Lakes, Hudson Valley and Long Island, all on one shelf.',
];

const BANNERS: DemoBannerImage[] = [
  {
    kind: 'banner',
    theme: 'burgundy',
    eyebrow: SHOP_NAME,
    headline: 'Family owned in Patterson for over 20 years',
    subline: 'Hand-picked wines and spirits, friendly advice and fair prices.',
  },
  {
    kind: 'banner',
    theme: 'gold',
    eyebrow: 'Every Saturday, 2 to 5 pm',
    headline: 'Weekend wine tasting',
    subline: 'Taste before you buy: four new bottles open at the counter every week.',
  },
  {
    kind: 'banner',
    theme: 'green',
    eyebrow: 'Grown close to home',
    headline: 'Local New York wines',
    subline: 'Finger Lakes, Hudson Valley and Long Island, all on one shelf.',
  },
];

interface EventDef {
  name: string;
  /** The kind of day it is held on (event-dates.ts); the first such day at least `offsetDays` ahead. */
  slot: EventSlot;
  offsetDays: number;
  time: string | null;
  description: string;
  image: DemoEventImage | null;
  isTasting: boolean;
  /** Its RSVPs, where it takes them. */
  rsvp?: { capacity: number; partyLimit: number; waitingList: boolean };
}

const EVENTS: EventDef[] = [
  {
    name: 'Finger Lakes Riesling Tasting',
    slot: 'saturday-afternoon',
    offsetDays: 3,
    time: '15:00',
    description:
      'Taste five dry and off-dry Rieslings from Seneca and Keuka Lake producers, poured by our wine team. Free, and no reservation needed.',
    isTasting: true,
    image: {
      kind: 'event',
      theme: 'gold',
      motif: 'wine',
      eyebrow: 'Free Tasting',
      title: 'Finger Lakes Riesling',
      subtitle: 'Five New York Rieslings, dry to sweet',
    },
  },
  {
    name: 'Bourbon & Rye Night',
    slot: 'friday-evening',
    offsetDays: 10,
    time: '19:00',
    description:
      'A guided after-work tasting of six small-batch bourbons and ryes, with cheese and chocolate pairings. $15 per person, credited toward any bottle you buy that night. Seats are limited: RSVP to hold yours.',
    isTasting: true,
    rsvp: { capacity: 16, partyLimit: 4, waitingList: true },
    image: {
      kind: 'event',
      theme: 'burgundy',
      motif: 'spirits',
      eyebrow: 'Guided Tasting',
      title: 'Bourbon & Rye Night',
      subtitle: 'Six small-batch pours, cheese and chocolate',
    },
  },
  {
    name: 'Saturday Evening Rosé Pop-Up',
    slot: 'saturday-evening',
    offsetDays: 17,
    time: '17:30',
    description:
      'Stop in on your way to dinner for a quick flight of three rosés from Provence, Spain and California. Twenty minutes, three wines, and a bottle for the table if one wins you over.',
    isTasting: true,
    image: {
      kind: 'event',
      theme: 'rose',
      motif: 'rose',
      eyebrow: 'Saturday Evening Flight',
      title: 'Rosé Pop-Up',
      subtitle: 'Three pink wines, twenty minutes',
    },
  },
  {
    name: 'Customer Appreciation Weekend',
    slot: 'weekend',
    offsetDays: 31,
    time: null,
    description:
      'Our thank-you to Patterson: 15% off all wine and 10% off spirits all weekend, with free tastings at the counter. Mixed cases of twelve save an extra 5%.',
    image: null,
    isTasting: true,
  },
];

/** YYYY-MM-DD of the local calendar day `days` after `today`. */
export function localDatePlus(today: Date, days: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// ---------------------------------------------------------------------------------------------
// The builder

// ---------------------------------------------------------------------------------------------
// The items' facts (decisions 0271 to 0274): sizes, ABV, vintages and stock as counted by the till

/** ABV by wine (the usual strength of its style), by name. */
const WINE_ABV: Record<string, number> = {
  'Cabernet Sauvignon': 14.5,
  'Pinot Noir': 13.5,
  Chardonnay: 13.5,
  'Dry Rosé': 12.5,
  'Dry Riesling': 11.5,
  'Cabernet Franc': 13,
  'Seyval Blanc': 11.5,
  'Late Harvest Riesling': 10,
  'Bordeaux Supérieur': 13.5,
  Sancerre: 13,
  'Côtes de Provence Rosé': 13,
  'Brut Champagne': 12,
  'Chianti Classico': 13.5,
  Barolo: 14.5,
  'Pinot Grigio': 12.5,
  Prosecco: 11,
  'Rioja Reserva': 14,
  Albariño: 12.5,
  'Cava Brut': 11.5,
  Malbec: 14,
  Shiraz: 14.5,
  '10 Year Tawny Port': 20,
};

/** ABV by spirit, by name (half the proof on the label). */
const SPIRIT_ABV: Record<string, number> = {
  'Tamarack Hollow Kentucky Straight Bourbon': 45,
  'Barrel & Brand Single Barrel Bourbon': 55,
  'Harlem Line Straight Rye Whiskey': 46,
  'Glen Corran 12 Year Single Malt Scotch': 43,
  'Kilbrennan Irish Whiskey': 40,
  'Clear Lake Premium Vodka': 40,
  'Putnam County Small Batch Dry Gin': 44,
  "Admiral's Garden London Dry Gin": 47,
  'Isla Dorada Gold Rum': 40,
  'Black Reef Spiced Rum': 35,
  'Cielo Rojo Blanco Tequila': 40,
  'Cielo Rojo Reposado Tequila': 40,
  'Maison Delorme VSOP Cognac': 40,
  'Orchard Lane Apple Brandy': 42,
  'Nonna Rosa Limoncello': 28,
  'Velvet Bean Coffee Liqueur': 20,
};

/** Sizes other than a 750 mL bottle, and the extras that have one, by name. */
const SIZES: Record<string, { sizeMl: number; packCount?: number }> = {
  'Golden Hour Late Harvest Riesling 2021': { sizeMl: 375 },
  'Highbridge Tonic Water, 4-Pack': { sizeMl: 237, packCount: 4 },
  'Fiery Root Ginger Beer, 4-Pack': { sizeMl: 237, packCount: 4 },
};

/**
 * Stock as the till last counted it: most items counted the evening before `today`, a few running
 * low ("Only 2 left"), one sold out, and the gift boxes and glassware not counted at all.
 */
const STOCK: Record<string, number | null> = {
  'Poggio del Sole Barolo 2018': 0,
  'Glen Corran 12 Year Single Malt Scotch': 2,
  'Clos Saint-Aubin Brut Champagne NV': 2,
  'Maison Delorme VSOP Cognac': 3,
  "Wine Lover's Gift Box": null,
  'Bourbon Tasting Gift Set': null,
  'Stemless Wine Glasses, Set of 4': null,
  'Crystal Rocks Glasses, Set of 2': null,
  "Professional Waiter's Corkscrew": null,
};

/**
 * When the till last counted: at closing the evening before `today` (9 PM local time), so the count
 * is in the past whatever the hour of seeding, and the catalogue depends on the day alone.
 */
const countedAt = (today: Date) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 21).toISOString();

/** A counted stock for the others: steady, varied numbers (4 to 39), the same for the same item. */
const usualStock = (index: number) => 4 + ((index * 17) % 36);

/** The facts of one item: its size (750 mL for wines and spirits unless said), ABV, vintage and stock. */
function itemFacts(item: Omit<DemoItem, 'upc'>, index: number, today: Date, abv: number | undefined, vintage?: string): Partial<DemoItem> {
  const size = SIZES[item.name] ?? (item.tags.includes('extras') ? null : { sizeMl: 750 });
  const stock = item.name in STOCK ? STOCK[item.name]! : usualStock(index);
  return {
    ...(size ? { sizeMl: size.sizeMl, ...(size.packCount ? { packCount: size.packCount } : {}) } : {}),
    ...(abv !== undefined ? { abv } : {}),
    ...(vintage ? { vintage } : {}),
    ...(stock !== null ? { stock, stockCountedAt: countedAt(today) } : {}),
  };
}

/** A wine's vintage as the item stores it: a year, or NV for the non-vintage ones (the tawny port is a blend of years). */
const wineVintage = (w: WineDef) => (/^\d{4}$/.test(w.vintage) ? w.vintage : 'NV');

/**
 * The vodka in its other sizes (decision 0274): the same name, its own size, price, UPC and
 * stock, so the item page offers the sizes as choices.
 */
const VODKA_SIZES: Array<{ sizeMl: number; price: number; detail: string; stock: number }> = [
  { sizeMl: 1750, price: 36.99, detail: 'Distilled 6 Times · 1.75 L', stock: 9 },
  { sizeMl: 50, price: 2.99, detail: 'Distilled 6 Times · 50 mL', stock: 1 },
];

function wineItem(w: WineDef): Omit<DemoItem, 'upc'> {
  const g = GLASS[w.glass];
  return {
    name: w.name ?? `${w.brand} ${w.title} ${w.vintage}`,
    price: w.price,
    description: w.description,
    tags: ['wine', w.type, w.region],
    promoted: w.promoted ?? false,
    image: {
      kind: 'bottle',
      shape: w.shape,
      glass: g.glass,
      liquid: g.liquid,
      capsule: w.capsule,
      labelStyle: 'classic',
      label: { brand: w.brand, title: w.title, detail: `${w.vintage} · ${w.area}`, paper: w.paper ?? CREAM, ink: INK, accent: w.accent },
      backdrop: w.type === 'tag-red' || w.type === 'tag-dessert' ? '#efe7e2' : w.type === 'tag-rose' ? '#f4e9e7' : '#ecefe8',
    },
  };
}

function spiritItem(s: SpiritDef): Omit<DemoItem, 'upc'> {
  return {
    name: s.name,
    price: s.price,
    description: s.description,
    tags: ['liquor', s.spirit, ...(s.region ? [s.region] : [])],
    promoted: s.promoted ?? false,
    image: {
      kind: 'bottle',
      shape: s.shape,
      glass: '#eef3f3',
      liquid: s.liquid,
      capsule: s.capsule,
      labelStyle: 'bold',
      label: { brand: s.brand, title: s.title, detail: s.detail, paper: s.paper, ink: s.ink, accent: s.accent },
      backdrop: '#ece6df',
    },
  };
}

function extraItem(e: ExtraDef): Omit<DemoItem, 'upc'> {
  return {
    name: e.name,
    price: e.price,
    description: e.description,
    tags: ['extras', e.kindTag],
    promoted: e.promoted ?? false,
    image: structuredClone(e.image),
  };
}

/**
 * The whole demo catalogue. Events are dated relative to `today` (its local calendar day), on
 * days a shop holds them (Friday and Saturday evenings, a Saturday afternoon, a weekend; never a
 * US federal holiday: event-dates.ts);
 * everything else is fixed, so the same `today` always gives the same catalogue. Returns fresh
 * objects on every call.
 */
export function buildDemoCatalogue(today: Date): DemoCatalogue {
  const categories: DemoCategory[] = CATEGORY_DEFS.map((c, index) => ({
    id: c.id,
    name: c.name,
    type: [...c.type],
    visible: c.visible,
    index,
  }));
  const tags: DemoTag[] = CATEGORY_DEFS.flatMap((c) => c.tags.map(([id, name], index) => ({ id, name, categoryId: c.id, index })));

  const vodka = SPIRITS.find((s) => s.name === 'Clear Lake Premium Vodka')!;
  const items: DemoItem[] = [
    ...WINES.map((w, i) => {
      const item = wineItem(w);
      return { ...item, upc: makeUpc('081472', i), ...itemFacts(item, i, today, WINE_ABV[w.title], wineVintage(w)) };
    }),
    ...SPIRITS.map((s, i) => {
      const item = spiritItem(s);
      return { ...item, upc: makeUpc('086391', i), ...itemFacts(item, i + 100, today, SPIRIT_ABV[s.name]) };
    }),
    ...EXTRAS.map((e, i) => {
      const item = extraItem(e);
      return { ...item, upc: makeUpc('089217', i), ...itemFacts(item, i + 200, today, undefined) };
    }),
    // After the others, so their UPCs stay as they were.
    ...VODKA_SIZES.map((size, i) => ({
      ...spiritItem({ ...vodka, price: size.price, detail: size.detail }),
      upc: makeUpc('086391', SPIRITS.length + i),
      sizeMl: size.sizeMl,
      abv: SPIRIT_ABV[vodka.name],
      stock: size.stock,
      stockCountedAt: countedAt(today),
    })),
  ];

  // One wine on Sale: $6 dearer from four months ago until today's cut (New York's rule holds this month).
  const sale = items.find((item) => item.name.startsWith('Hollow Creek Pinot Noir'))!;
  sale.onSale = true;
  // Noon of the day, so the same day gives the same catalogue and the cut falls in this month in New York too.
  const noon = (daysAgo: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, 12).toISOString();
  sale.priceHistory = [`${noon(120)} ${Math.round((sale.price + 6) * 100) / 100}`, `${noon(0)} ${sale.price}`];
  sale.saleEndsAt = saleEndsAtOf(true, sale.price, sale.priceHistory, new Date(noon(0)));

  const banners: DemoBanner[] = BANNERS.map((b, index) => ({ index, image: { ...b }, description: BANNER_DESCRIPTIONS[index]! }));

  // Each event on the first fitting day at least its offset ahead and after the one before it.
  const todayIso = localDatePlus(today, 0);
  let previous = todayIso;
  const events: DemoEvent[] = EVENTS.map((e) => {
    const date = nextEventDate(todayIso, e.slot, Math.max(e.offsetDays, daysBetween(todayIso, previous) + 1));
    previous = date;
    return {
      name: e.name,
      date,
      time: e.time,
      description: e.description,
      image: e.image ? { ...e.image } : null,
      isTasting: e.isTasting,
      takesRsvp: Boolean(e.rsvp),
      rsvpCapacity: e.rsvp?.capacity ?? null,
      rsvpPartyLimit: e.rsvp?.partyLimit ?? null,
      rsvpWaitingList: e.rsvp?.waitingList ?? false,
    };
  });

  return { categories, tags, items, banners, events };
}
