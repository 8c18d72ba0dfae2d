import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AGE_VERIFIED_COOKIE } from '../../../shared/age-verified-cookie';
import { SERVER_AGE_GATE_ATTRIBUTE } from '../../../shared/page-markers';
import { AGE_VERIFIED_KEY } from '../../lib/age-verification';
import { AgeGate } from './AgeGate';
import { MAIN_ID } from './SkipLink';

/** A public page as the layout draws it: its main content, and the gate beside it. */
function PublicPage() {
  return (
    <>
      <main id={MAIN_ID} tabIndex={-1}>
        <a href="/menu">Menu</a>
      </main>
      <AgeGate />
    </>
  );
}

/** The gate the server drew over the page it sent (decision 0388), left for the app to replace. */
function drawServerGate(): HTMLElement {
  const drawn = document.createElement('div');
  drawn.setAttribute(SERVER_AGE_GATE_ATTRIBUTE, '');
  document.body.append(drawn);
  return drawn;
}

describe('the 21+ age gate', () => {
  it('covers the page of a visitor who has not confirmed, with the focus on its one button', async () => {
    const serverGate = drawServerGate();
    const view = render(<PublicPage />);

    const gate = screen.getByRole('dialog', { name: 'Welcome to Patterson Wine & Liquor' });
    expect(gate.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(gate.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('You must be 21 years or older to enter this site');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I am 21+' })));
    expect(view.container.inert).toBe(true);
    // The app's gate took the server's place.
    expect(serverGate.isConnected).toBe(false);
  });

  it('cannot be dismissed: Escape leaves it, and Tab stays on its button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PublicPage />);
    const confirm = screen.getByRole('button', { name: 'I am 21+' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));

    await user.keyboard('{Escape}');
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(confirm);
  });

  it('goes once confirmed, remembers it in localStorage and the cookie, and puts the focus on the page', async () => {
    const user = userEvent.setup({ delay: null });
    const view = render(<PublicPage />);
    await user.click(screen.getByRole('button', { name: 'I am 21+' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.container.inert).toBe(false);
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('true');
    expect(document.cookie).toContain(`${AGE_VERIFIED_COOKIE}=true`);
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById(MAIN_ID)));

    // Another page later: no gate.
    view.unmount();
    render(<PublicPage />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown to a visitor who confirmed on an earlier visit, and takes the server gate away at once', () => {
    localStorage.setItem(AGE_VERIFIED_KEY, 'true');
    const serverGate = drawServerGate();
    const view = render(<PublicPage />);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.container.inert).toBe(false);
    expect(serverGate.isConnected).toBe(false);
  });
});
