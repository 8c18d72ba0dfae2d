import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { byIndex, CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';

export interface Banner {
  id: string;
  img: string;
}

/** Every banner, in carousel order (`index`). */
export async function getBanners(): Promise<Banner[]> {
  const banners = await listAll((nextToken) =>
    client.models.Banner.list({ selectionSet: ['id', 'img', 'index'], limit: MAX_PAGE_SIZE, nextToken }),
  );
  return byIndex(banners)
    .filter((banner) => banner.img)
    .map((banner) => ({ id: banner.id, img: banner.img }));
}

/** The home page's banners, cached across navigation. */
export function useBanners() {
  return useQuery({ queryKey: ['banners'], queryFn: getBanners, staleTime: CATALOGUE_STALE_MS });
}
