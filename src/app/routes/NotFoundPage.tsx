import { Link } from 'react-router-dom';
import { usePageHead } from '../../hooks/use-page-head';

export function NotFoundPage() {
  usePageHead();
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
