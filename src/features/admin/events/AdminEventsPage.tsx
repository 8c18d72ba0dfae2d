import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AdminEventsPage() {
  useDocumentTitle('Events · Admin');
  return <h1 className="page-heading">Events</h1>;
}
