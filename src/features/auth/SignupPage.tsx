import { useDocumentTitle } from '../../hooks/use-document-title';

export function SignupPage() {
  useDocumentTitle('Sign Up');
  return <h1 className="page-heading">Sign Up</h1>;
}
