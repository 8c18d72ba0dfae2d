import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Modal } from '../ui/Modal';
import { MAIN_ID } from './SkipLink';
import { shop } from '../../../shared/shop';
import { isAgeVerified, rememberAgeVerified } from '../../lib/age-verification';
import { useHydrated } from '../../lib/hydration';
import { SERVER_AGE_GATE_ATTRIBUTE } from '../../../shared/page-markers';
import './age-gate.css';

/**
 * The 21+ gate (product §4, decision 0185): until a visitor confirms being 21 or older, a modal dialog
 * covers whichever public page they arrived on (a shared link to /menu, /item/{id}, /events...),
 * drawn over the page itself, which cannot be used around it. No redirect: the page and its
 * server-sent HTML stay what they are. Once confirmed it never shows again. Rendered by the
 * public layout only: sign-in pages and the admin portal show no catalogue.
 */
export function AgeGate() {
  const [verified, setVerified] = useState(isAgeVerified);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  // Not while React hydrates the server's markup, where a portal has no place: right after. The
  // server draws its own gate beside the page it renders (AgeGateDialog, decision 0388) and it
  // stays until this one is drawn in its place, in the same commit, so the page is never shown
  // ungated in between; a visitor who confirmed on an earlier visit sees it go at once.
  const shown = useHydrated() && !verified;
  useLayoutEffect(() => {
    if (verified || shown) document.querySelector(`[${SERVER_AGE_GATE_ATTRIBUTE}]`)?.remove();
  }, [verified, shown]);
  if (!shown) return null;

  const confirm = () => {
    rememberAgeVerified();
    setVerified(true);
    // Start keyboard and screen reader users at the page's content.
    requestAnimationFrame(() => document.getElementById(MAIN_ID)?.focus({ preventScroll: true }));
  };

  return <AgeGateDialog textId={textId} buttonRef={buttonRef} onConfirm={confirm} />;
}

/**
 * The gate's dialog. The server draws it (without `onConfirm`) over a page it renders for a
 * visitor whose browser has not said they confirmed (AGE_VERIFIED_COOKIE); the app replaces it
 * with its own as it starts.
 */
export function AgeGateDialog({
  textId,
  titleId,
  buttonRef,
  onConfirm,
}: {
  textId: string;
  titleId?: string;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  onConfirm?: () => void;
}) {
  return (
    <Modal title={`Welcome to ${shop.name}`} titleId={titleId} describedBy={textId} initialFocusRef={buttonRef} className="age-gate">
      <p id={textId} className="age-gate__text">
        You must be {shop.minimumAge} years or older to enter this site
      </p>
      <button ref={buttonRef} type="button" className="button age-gate__button" onClick={onConfirm}>
        I am {shop.minimumAge}+
      </button>
    </Modal>
  );
}
