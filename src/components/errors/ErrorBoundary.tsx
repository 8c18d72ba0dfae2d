import { Component, type ErrorInfo, type ReactNode } from 'react';
import { renderingOnServer } from '../../lib/hydration';
import { MAIN_ID, SkipLink } from '../layout/SkipLink';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Last line of defence: a page that throws while rendering, or whose code cannot be loaded (for
 * example after a release replaced the chunk files), shows this instead of a blank screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(): void {
    if (this.state.error) document.title = 'Something went wrong';
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // On the server the failure is the renderer's to report: the page goes out without its body
    // and the app draws it (decision 0388), never a cached "Something went wrong".
    if (renderingOnServer()) {
      throw this.state.error instanceof Error ? this.state.error : new Error('the page failed to render', { cause: this.state.error });
    }
    return (
      <>
        <SkipLink />
        <main id={MAIN_ID} tabIndex={-1} className="site-main">
          <div className="container message-page">
            <h1>Something went wrong</h1>
            <p>This page could not be shown. Reloading usually helps.</p>
            <p>
              {/* Full page loads, so a new release's files are fetched afresh. */}
              <a className="button" href={window.location.href}>
                Reload the page
              </a>{' '}
              <a className="button button--ghost" href="/home">
                Go to the home page
              </a>
            </p>
          </div>
        </main>
      </>
    );
  }
}
