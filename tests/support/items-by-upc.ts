/**
 * A battery's own items, found by the UPC prefix it gave them, over every page of listItems
 * (DynamoDB filters after each page's limit): keyed by UPC.
 */
type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> };

export async function itemsByUpcPrefix<Item extends { upc: string }>(
  call: (query: string, variables: Record<string, unknown>) => Promise<Answer>,
  prefix: string,
  fields: string,
  expectNoErrors: (errors: Answer['errors']) => void,
): Promise<Map<string, Item>> {
  const query = `query ($filter: ModelItemFilterInput, $nextToken: String) {
  listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { ${fields} } nextToken } }`;
  const found = new Map<string, Item>();
  let nextToken: string | null = null;
  do {
    const body = await call(query, { filter: { upc: { beginsWith: prefix } }, nextToken });
    expectNoErrors(body.errors);
    const page = body.data!.listItems as { items: Item[]; nextToken: string | null };
    for (const item of page.items) found.set(item.upc, item);
    nextToken = page.nextToken;
  } while (nextToken);
  return found;
}
