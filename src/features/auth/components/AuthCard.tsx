import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/** The centred card the login and sign-up forms sit in. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="auth-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-card__title">
        {title}
      </h1>
      <p className="auth-card__lead">{lead}</p>
      {children}
    </section>
  );
}

/**
 * A card that says something instead of showing a form, with one way on: the password reset
 * pages' "check your email" and "this link is incomplete". `status` announces the text.
 */
export function AuthNotice({
  title,
  lead,
  note,
  status = false,
  actionLabel,
  actionPath,
}: {
  title: string;
  lead: string;
  note: string;
  status?: boolean;
  actionLabel: string;
  actionPath: string;
}) {
  return (
    <AuthCard title={title} lead={lead}>
      <p className="auth-card__note" role={status ? 'status' : undefined}>
        {note}
      </p>
      <div className="auth-form__actions">
        <Link className="button" to={actionPath}>
          {actionLabel}
        </Link>
      </div>
    </AuthCard>
  );
}

/** The form's buttons: submit (disabled while a request is in flight), then a button to the other screen. */
export function AuthFormActions({
  submitLabel,
  busy,
  otherLabel,
  otherPath,
}: {
  submitLabel: string;
  busy: boolean;
  otherLabel: string;
  otherPath: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="auth-form__actions">
      <button type="submit" className="button auth-form__submit" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="button button--ghost" onClick={() => navigate(otherPath)}>
        {otherLabel}
      </button>
    </div>
  );
}
