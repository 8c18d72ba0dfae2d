/**
 * "Password link" on a row of Client Users or Admin Users (decision 0258): makes a one-time link to
 * set a new password (30 minutes) and shows it in a dialog to copy and hand over, for a customer
 * at the counter or on the phone, or when the shop sends no e-mail. The link is made only when
 * asked for; the account's password stays as it is until the link is used.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { resetPasswordPath } from '../../../../shared/spa-routes';
import { Modal } from '../../../components/ui/Modal';
import { adminClient } from '../common/admin-client';
import { AdminField } from '../common/AdminField';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { dataOrThrow, userFacingMessage } from '../common/graphql-errors';
import type { UserRow } from './use-user-pages';

interface PasswordLink {
  url: string;
  expiresAt: Date;
}

async function createPasswordLink(userId: string): Promise<PasswordLink> {
  const link = dataOrThrow(await adminClient.mutations.createPasswordResetLink({ userId }));
  return { url: `${window.location.origin}${resetPasswordPath(link.token)}`, expiresAt: new Date(link.expiresAt) };
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export function PasswordLinkButton({ user }: { user: UserRow }) {
  const [link, setLink] = useState<PasswordLink | null>(null);
  const make = useMutation({ mutationFn: createPasswordLink });

  // The dialog itself says it worked; only a failure is toasted.
  const open = async () => {
    if (make.isPending) return;
    try {
      setLink(await make.mutateAsync(user.id));
    } catch (error) {
      if (!(error instanceof SessionEndedError)) notify.error(userFacingMessage(error, "The password link couldn't be made"));
    }
  };

  return (
    <>
      {/* Not disabled while the link is made: a disabled button loses focus, which the dialog then could not give back. */}
      <button
        type="button"
        className="button button--small button--ghost"
        aria-busy={make.isPending || undefined}
        onClick={() => void open()}
      >
        Password link<span className="visually-hidden"> for {user.name}</span>
      </button>
      {link ? <PasswordLinkDialog user={user} link={link} onClose={() => setLink(null)} /> : null}
    </>
  );
}

function PasswordLinkDialog({ user, link, onClose }: { user: UserRow; link: PasswordLink; onClose: () => void }) {
  const [copied, setCopied] = useState<string>('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const describedBy = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Copied. Paste it into your message to them.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected instead.
      textRef.current?.select();
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected link.');
    }
  };

  return (
    <Modal
      title={`Password link for ${user.name}`}
      describedBy={describedBy}
      onEscape={onClose}
      initialFocusRef={copyRef}
      className="admin-modal admin-modal--wide"
    >
      <p id={describedBy} className="admin-confirm__message">
        Give this link to {user.name} ({user.email}) to set a new password. It works once, until {timeOfDay.format(link.expiresAt)}; their
        password stays as it is until they use it.
      </p>
      <AdminField label="Link" className="password-link">
        {(control) => (
          <textarea
            {...control}
            ref={textRef}
            className="admin-textarea password-link__url"
            readOnly
            rows={3}
            value={link.url}
            onFocus={(event) => event.target.select()}
          />
        )}
      </AdminField>
      <div className="admin-modal__actions">
        <p className="password-link__status" role="status">
          {copied}
        </p>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Done
        </button>
        <button ref={copyRef} type="button" className="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
    </Modal>
  );
}
