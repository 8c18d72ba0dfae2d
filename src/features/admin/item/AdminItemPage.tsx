import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminItemPage() {
  useDocumentTitle('Item · Admin');
  return <h1 className="page-heading">Item</h1>;
}
