/**
 * The Banner Changer's working list (product §4 banner edit): saved banners (with an id) and newly
 * chosen files (no id yet), in the order they will show. Pure; tested in banner-list.test.ts.
 */
export type BannerEntry =
  | { key: string; kind: 'saved'; id: string; img: string; description: string }
  | { key: string; kind: 'new'; file: File; name: string; description: string };

/** A banner's description (alt text) is at most this long (the server's limit too). */
export const MAX_BANNER_DESCRIPTION = 300;

/** The descriptions to save, parallel to imagesToSave's images: trimmed, '' for none. */
export function descriptionsToSave(entries: readonly BannerEntry[]): string[] {
  return entries.map((entry) => entry.description.trim());
}

/** The list with the entry at `index` moved by `delta` places (unchanged at either end). */
export function moveEntry<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry as T);
  return next;
}

/**
 * The images to save, in list order: a saved banner's URL, or the URL its file was stored at
 * (`stored`, by entry key). Null when a new file has no stored URL (its upload failed).
 */
export function imagesToSave(entries: readonly BannerEntry[], stored: ReadonlyMap<string, string>): string[] | null {
  const images: string[] = [];
  for (const entry of entries) {
    const url = entry.kind === 'saved' ? entry.img : stored.get(entry.key);
    if (!url) return null;
    images.push(url);
  }
  return images;
}
