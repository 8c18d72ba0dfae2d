import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminTagsPage() {
  useDocumentTitle('Tags · Admin');
  return <h1 className="page-heading">Tags</h1>;
}
