import { describe, expect, it } from 'vitest';
import { osmEmbedUrl, osmMapUrl } from './map-url';

describe('OpenStreetMap URLs', () => {
  it('embeds a box around the shop with a marker on it', () => {
    const url = new URL(osmEmbedUrl({ lat: 41.5126, lng: -73.6029 }));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    const [west, south, east, north] = url.searchParams.get('bbox')!.split(',').map(Number) as [number, number, number, number];
    expect(west).toBeLessThan(-73.6029);
    expect(east).toBeGreaterThan(-73.6029);
    expect(south).toBeLessThan(41.5126);
    expect(north).toBeGreaterThan(41.5126);
    expect(url.searchParams.get('marker')).toBe('41.51260,-73.60290');
    expect(url.searchParams.get('layer')).toBe('mapnik');
  });

  it('links to the full map at the shop', () => {
    expect(osmMapUrl({ lat: 41.5126, lng: -73.6029 })).toBe(
      'https://www.openstreetmap.org/?mlat=41.51260&mlon=-73.60290#map=17/41.51260/-73.60290',
    );
  });
});
