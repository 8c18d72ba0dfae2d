import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { renderingOnServer } from '../../lib/hydration';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements inside `root` that Tab can reach, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
}

/** Marks a top-level element (the toasts) that stays live while a modal is open. */
export const STAYS_ACTIVE_UNDER_MODALS = 'data-stays-active-under-modals';

/**
 * While a modal is open, everything else on the page is `inert`: not clickable, not focusable,
 * hidden from assistive technology. Returns the undo.
 */
function makeOthersInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || !(element instanceof HTMLElement) || element.inert || element.hasAttribute(STAYS_ACTIVE_UNDER_MODALS)) continue;
    element.inert = true;
    changed.push(element);
  }
  const html = document.documentElement;
  const previousOverflow = html.style.overflow;
  html.style.overflow = 'hidden';
  return () => {
    for (const element of changed) element.inert = false;
    html.style.overflow = previousOverflow;
  };
}

export interface ModalProps {
  /** The dialog's heading (its accessible name). */
  title: ReactNode;
  children: ReactNode;
  /** What Escape does; without it Escape does nothing (the visitor must answer). */
  onEscape?: () => void;
  /** What gets focus on opening; by default the first focusable element, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The id of the text that describes the dialog (`aria-describedby`). */
  describedBy?: string;
  /** The heading's id; one of its own by default (the server's gate names its own, apart from the page's ids). */
  titleId?: string;
  className?: string;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern), open while it is rendered: the rest of the page is
 * inert and does not scroll, Tab and Shift+Tab cycle inside the dialog, and focus goes back to
 * where it was when the dialog closes.
 */
export function Modal({ title, children, onEscape, initialFocusRef, describedBy, className, titleId: givenTitleId }: ModalProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;

  useLayoutEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = makeOthersInert(overlay);
    return () => {
      restore();
      if (previouslyFocused?.isConnected && previouslyFocused !== document.body) previouslyFocused.focus();
    };
  }, []);

  // Focus moves once the dialog is on screen: focusing forces a layout, which inside the commit
  // made the age gate's first render the longest task of a first visit (Lighthouse TBT, decision 0130).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog) (initialFocusRef?.current ?? tabbables(dialog)[0] ?? dialog).focus();
  }, [initialFocusRef]);

  // Escape closes the topmost dialog wherever the focus is: inside it, on <body> (a control removed
  // while focused, a row's Delete), or still on the control that opened it (its own first focus
  // moves after a frame, decision 0130; the dialog under it must not take that Escape). Listened
  // for on the document from the commit on, so an Escape pressed at once is heard.
  useLayoutEffect(() => {
    if (!onEscape) return;
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      // defaultPrevented: answered already (a menu inside the dialog, or the dialog above this one).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const overlays = document.querySelectorAll('.modal-overlay');
      if (overlays[overlays.length - 1] !== overlayRef.current) return;
      event.preventDefault();
      onEscape();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [onEscape]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const nodes = tabbables(dialog);
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const overlay = (
    <div ref={overlayRef} className="modal-overlay" role="presentation" onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
  // On the server (a page's markup, decision 0388) there is no body to portal to: drawn in place.
  return renderingOnServer() ? overlay : createPortal(overlay, document.body);
}
