/** OpenStreetMap links for the shop's map (the CSP allows frames from www.openstreetmap.org). */

export interface Coordinates {
  lat: number;
  lng: number;
}

const OSM = 'https://www.openstreetmap.org';

/** Half the width and height of the embedded map's box, in degrees: a few streets around the shop. */
const SPAN = { lat: 0.004, lng: 0.008 };

const fixed = (value: number) => value.toFixed(5);

/** The embed page's URL: a box centred on the shop, with a marker on it. */
export function osmEmbedUrl({ lat, lng }: Coordinates): string {
  const bbox = [lng - SPAN.lng, lat - SPAN.lat, lng + SPAN.lng, lat + SPAN.lat].map(fixed).join(',');
  const params = new URLSearchParams({ bbox, layer: 'mapnik', marker: `${fixed(lat)},${fixed(lng)}` });
  return `${OSM}/export/embed.html?${params.toString()}`;
}

/** The full map at the shop, for directions. */
export function osmMapUrl({ lat, lng }: Coordinates): string {
  return `${OSM}/?mlat=${fixed(lat)}&mlon=${fixed(lng)}#map=17/${fixed(lat)}/${fixed(lng)}`;
}
