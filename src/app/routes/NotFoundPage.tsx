import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="message-page">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link className="button" to="/home">
        Go to the home page
      </Link>
    </div>
  );
}
