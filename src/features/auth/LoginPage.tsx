import { useDocumentTitle } from '../../hooks/use-document-title';

export function LoginPage() {
  useDocumentTitle('Log in');
  return <h1 className="page-heading">Log in</h1>;
}
