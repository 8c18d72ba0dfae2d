import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminUsersPage() {
  useDocumentTitle('Client Users · Admin');
  return <h1 className="page-heading">Client Users</h1>;
}
