import { useDocumentTitle } from '../../hooks/use-document-title';

export function AboutPage() {
  useDocumentTitle('About Us');
  return <h1 className="page-heading">About Us</h1>;
}
