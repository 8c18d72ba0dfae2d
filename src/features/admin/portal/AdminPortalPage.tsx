import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminPortalPage() {
  useDocumentTitle('Admin Portal');
  return <h1 className="page-heading">Admin Portal</h1>;
}
