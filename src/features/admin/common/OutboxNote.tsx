/**
 * Staff's word, where an action of theirs mails a customer and the shop keeps its mail in the
 * outbox (decision 0366): where those mails are. Nothing when a mail server sends them.
 *
 *     <OutboxNote what="This reservation's e-mails to the customer" />
 */
import { Link } from 'react-router-dom';
import { SPA_ROUTES } from '../../../../shared/spa-routes';
import { useMailDelivery } from '../../../lib/mail-delivery';

export function OutboxNote({ what }: { what: string }) {
  if (useMailDelivery() !== 'outbox') return null;
  return (
    <p className="admin-outbox-note">
      This shop sends no e-mail yet: {what} are kept in the <Link to={SPA_ROUTES.adminOutbox}>Outbox</Link>.
    </p>
  );
}
