import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

/**
 * A page with a dialog that opens a second one over itself, as an editor opens a confirmation.
 * The handlers keep their identity, so the lower dialog hears Escape first (its listener is the
 * older): only the topmost may answer it.
 */
function Page({ escapable = true }: { escapable?: boolean }) {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  const closeOuter = useCallback(() => setOuter(false), []);
  const closeInner = useCallback(() => setInner(false), []);
  return (
    <main>
      <button type="button" onClick={() => setOuter(true)}>
        Open settings
      </button>
      {outer ? (
        <Modal title="Settings" onEscape={escapable ? closeOuter : undefined}>
          <label>
            Name <input />
          </label>
          <button type="button" onClick={() => setInner(true)}>
            Open confirmation
          </button>
          <button type="button" onClick={() => setOuter(false)}>
            Close
          </button>
          {inner ? (
            <Modal title="Are you sure?" onEscape={closeInner}>
              <button type="button">Yes</button>
              <button type="button">No</button>
            </Modal>
          ) : null}
        </Modal>
      ) : null}
    </main>
  );
}

function openSettings() {
  const user = userEvent.setup({ delay: null });
  const view = render(<Page />);
  return { user, view, opener: screen.getByRole('button', { name: 'Open settings' }) };
}

describe('Modal', () => {
  it('is a named modal dialog that takes the focus, with the page behind it inert and still', async () => {
    const { user, view, opener } = openSettings();
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(view.container.inert).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside the dialog, going round at either end', async () => {
    const { user, opener } = openSettings();
    await user.click(opener);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const openConfirmation = screen.getByRole('button', { name: 'Open confirmation' });
    const close = screen.getByRole('button', { name: 'Close' });

    const seen: Element[] = [];
    for (let press = 0; press < 4; press += 1) {
      await user.tab();
      seen.push(document.activeElement!);
    }
    expect(seen).toEqual([openConfirmation, close, name, openConfirmation]);

    seen.length = 0;
    for (let press = 0; press < 3; press += 1) {
      await user.tab({ shift: true });
      seen.push(document.activeElement!);
    }
    expect(seen).toEqual([name, close, openConfirmation]);
  });

  it('focuses what initialFocusRef names instead of the first control', async () => {
    function Confirm() {
      const noRef = useRef<HTMLButtonElement>(null);
      return (
        <Modal title="Delete?" initialFocusRef={noRef}>
          <button type="button">Delete</button>
          <button ref={noRef} type="button">
            Keep
          </button>
        </Modal>
      );
    }
    render(<Confirm />);
    await screen.findByRole('dialog', { name: 'Delete?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
  });

  it('closes only the topmost of nested dialogs on Escape, and gives each opener its focus back', async () => {
    const { user, view, opener } = openSettings();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Open confirmation' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open confirmation' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(view.container.inert).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('hears Escape with the focus nowhere in particular (a control removed while focused), still for the topmost alone', async () => {
    const { user, opener } = openSettings();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Open confirmation' }));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('stays open on Escape when it has no onEscape: the visitor must answer', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Page escapable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });
});
