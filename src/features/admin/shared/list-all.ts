/**
 * Pages through a model list until `nextToken` runs out (lists return 100 per page by default;
 * we ask for 1000, the server's cap). Throws the first page's errors as `{ errors }`.
 *
 *     const tags = await listAll((nextToken) =>
 *       signedInCall((auth) => client.models.Tag.list({ limit: LIST_PAGE_SIZE, nextToken, ...auth })),
 *     );
 */
export const LIST_PAGE_SIZE = 1000;

export interface ListPage<T> {
  data: T[] | null | undefined;
  nextToken?: string | null;
  errors?: readonly unknown[] | null;
}

/** At most this many pages: a server that never stops sending a token cannot hang the page. */
const MAX_PAGES = 1000;

export async function listAll<T>(fetchPage: (nextToken: string | null) => Promise<ListPage<T>>): Promise<T[]> {
  const all: T[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result: ListPage<T> = await fetchPage(nextToken);
    if (result.errors?.length) throw { errors: result.errors };
    all.push(...(result.data ?? []).filter((item): item is T => item !== null && item !== undefined));
    nextToken = result.nextToken ?? null;
    if (!nextToken) break;
  }
  return all;
}
