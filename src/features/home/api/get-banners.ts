import { useQuery } from '@tanstack/react-query';
import { firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';
import { byIndex, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';

export interface Banner {
  id: string;
  img: string;
  /** What the banner says (alt text; the caption on phones), or null. */
  description: string | null;
}

interface BannerRecord extends Omit<Banner, 'description'> {
  index?: number | null;
  description?: string | null;
}

/** Banners in carousel order (`index`), those without a picture left out. */
function toBanners(records: readonly BannerRecord[]): Banner[] {
  return byIndex(records)
    .filter((banner) => banner.img)
    .map((banner) => ({ id: banner.id, img: banner.img, description: banner.description?.trim() || null }));
}

/** Every banner, in carousel order. */
export async function getBanners(): Promise<Banner[]> {
  return toBanners(
    await listAll((nextToken) => client.models.Banner.list({ selectionSet: SELECTIONS.banner, limit: MAX_PAGE_SIZE, nextToken })),
  );
}

/** The home page's banners, cached across navigation; on a first visit, those inlined in the page. */
export function useBanners() {
  return useQuery(catalogueQuery(['banners'], getBanners, [firstScreenKeys.banners], ([records]) => toBanners(records as BannerRecord[])));
}
