import { useDocumentTitle } from '../../hooks/use-document-title';

export function EventsPage() {
  useDocumentTitle('Events');
  return <h1 className="page-heading">Upcoming Events</h1>;
}
