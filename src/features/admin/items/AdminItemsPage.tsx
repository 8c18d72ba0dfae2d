import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminItemsPage() {
  useDocumentTitle('Items · Admin');
  return <h1 className="page-heading">Items</h1>;
}
