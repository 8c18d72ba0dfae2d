import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminAdminsPage() {
  useDocumentTitle('Admin Users · Admin');
  return <h1 className="page-heading">Admin Users</h1>;
}
