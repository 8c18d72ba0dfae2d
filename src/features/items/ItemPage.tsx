import { useDocumentTitle } from '../../hooks/use-document-title';

/** /item/{id}: the item's name, price, image and description (SPEC §2), once built. */
export function ItemPage() {
  useDocumentTitle('Item');
  return <h1 className="page-heading">Item</h1>;
}
