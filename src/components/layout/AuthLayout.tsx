import { Logo } from './Logo';
import { PageFrame } from './PageFrame';

/** Log in and sign up: the logo (a link to /home, product §2) above the form, and the footer. */
export function AuthLayout() {
  return (
    <PageFrame
      header={
        <header className="auth-header">
          <Logo height={56} />
        </header>
      }
    />
  );
}
