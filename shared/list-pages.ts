/**
 * Reading a whole list, or one full page of it, through any model client's `list` call: the
 * browser's one way to read a list, and what the API tests page with.
 */

/** What a model client's `list` resolves to (the parts read here). */
export interface ListPage<T> {
  data: readonly T[] | null | undefined;
  nextToken?: string | null;
  errors?: readonly { message: string }[] | null;
}

/**
 * Up to `size` records of a list from `nextToken` on, and the token to go on from (null at the
 * end). DynamoDB applies a Scan's `limit` before its filter, so a filtered page can come back
 * short, even empty, with a `nextToken`; this asks again until the page is full or the list ends.
 * Each call asks only for the records still missing (`limit`), so nothing is read past the last
 * record returned and the token handed back neither skips nor repeats one. Locally a page is full
 * at once: one call. Throws when a page has errors and no data; stops when a server hands back a
 * token it gave before, which would loop forever.
 */
export async function fillPage<T>(
  fetchPage: (nextToken: string | undefined, limit: number) => Promise<ListPage<T>>,
  size: number,
  nextToken?: string,
): Promise<{ items: T[]; nextToken: string | null }> {
  const items: T[] = [];
  const seen = new Set<string>(nextToken === undefined ? [] : [nextToken]);
  let token = nextToken;
  while (items.length < size) {
    const page = await fetchPage(token, size - items.length);
    if (page.errors?.length && !page.data?.length) {
      throw new Error(page.errors.map((error) => error.message).join('; '));
    }
    if (page.data) items.push(...page.data);
    token = page.nextToken ?? undefined;
    if (token === undefined || seen.has(token)) return { items, nextToken: null };
    seen.add(token);
  }
  return { items, nextToken: token ?? null };
}

/** Every record of a list: `fillPage` with no size limit, following `nextToken` to the end. */
export async function listAll<T>(fetchPage: (nextToken: string | undefined) => Promise<ListPage<T>>): Promise<T[]> {
  return (await fillPage(fetchPage, Number.POSITIVE_INFINITY)).items;
}
