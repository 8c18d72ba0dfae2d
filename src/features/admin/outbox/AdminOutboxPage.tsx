/**
 * Outbox (decision 0366): without a mail server the shop sends no e-mail; every one it would have
 * sent is kept, and staff read them here, newest first, 20 at a time: when, to whom, the subject
 * and the text with its links, to hand a link over at the counter or on the phone.
 */
import { OUTBOX_KEEP_DAYS, type OutboxMail } from '../../../../shared/outbox';
import { usePageHead } from '../../../hooks/use-page-head';
import { useMailDelivery } from '../../../lib/mail-delivery';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { LoadMore } from '../common/LoadMore';
import { QueryState } from '../common/QueryState';
import { mailTextParts } from './mail-text';
import { useOutboxPages } from './use-outbox-pages';
import './outbox.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function AdminOutboxPage() {
  usePageHead('Outbox · Admin');
  const kept = useMailDelivery() === 'outbox';
  const { data, isPending, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useOutboxPages();
  const mails = isError ? [] : (data?.pages.flatMap((page) => page.mails) ?? []);

  return (
    <>
      <AdminPageHeader title="Outbox">
        <button type="button" className="button button--ghost" disabled={isFetching} onClick={() => void refetch()}>
          {isFetching && !isPending ? 'Refreshing...' : 'Refresh'}
        </button>
      </AdminPageHeader>
      <p className="outbox-lead">
        {kept
          ? `No mail server is set, so the shop sends no e-mail: every e-mail it would have sent is kept here, newest first, for ${OUTBOX_KEEP_DAYS} days. Hand a link over to the customer it was for, at the counter or on the phone.`
          : `E-mail goes out through the shop's mail server. E-mails kept here were written while none was set; they are kept ${OUTBOX_KEEP_DAYS} days.`}
      </p>
      <p className="outbox-status" role="status">
        {mails.length > 0
          ? `Showing the latest ${mails.length} ${mails.length === 1 ? 'e-mail' : 'e-mails'}${hasNextPage ? ' (more below)' : ''}.`
          : ''}
      </p>
      <QueryState query={{ isPending, isError, refetch }} noun="outbox" empty={mails.length === 0} emptyText="No e-mails kept.">
        <ol className="outbox-list">
          {mails.map((mail) => (
            <OutboxEntry key={mail.id} mail={mail} />
          ))}
        </ol>
      </QueryState>
      <LoadMore pages={{ hasNextPage, isError, isFetchingNextPage, fetchNextPage }} />
    </>
  );
}

function OutboxEntry({ mail }: { mail: OutboxMail }) {
  return (
    <li className="card outbox-mail">
      <div className="outbox-mail__head">
        <h2 className="outbox-mail__subject">{mail.subject || '(no subject)'}</h2>
        <time className="outbox-mail__when" dateTime={mail.at}>
          {when.format(new Date(mail.at))}
        </time>
      </div>
      <dl className="outbox-mail__facts">
        <div>
          <dt>To</dt>
          <dd>{mail.to}</dd>
        </div>
        {mail.attachments.length > 0 ? (
          <div>
            <dt>Attached</dt>
            <dd>{mail.attachments.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      <p className="outbox-mail__text">
        {mailTextParts(mail.text).map((part, index) =>
          'href' in part ? (
            <a key={index} href={part.href} rel="noreferrer">
              {part.href}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </li>
  );
}
