import { useId, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { MAIN_ID } from '../../../components/layout/SkipLink';
import { shop } from '../../../config/shop';
import { isAgeVerified, rememberAgeVerified } from '../age-verification';

/**
 * The age gate (SPEC §4): until a visitor confirms being 21 or older, a modal dialog covers the
 * home page, which cannot be used around it. Once confirmed it never shows again.
 */
export function AgeGate() {
  const [verified, setVerified] = useState(isAgeVerified);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  if (verified) return null;

  const confirm = () => {
    rememberAgeVerified();
    setVerified(true);
    // Start keyboard and screen reader users at the page's content.
    requestAnimationFrame(() => document.getElementById(MAIN_ID)?.focus({ preventScroll: true }));
  };

  return (
    <Modal title={`Welcome to ${shop.name}`} describedBy={textId} initialFocusRef={buttonRef} className="age-gate">
      <p id={textId} className="age-gate__text">
        You must be {shop.minimumAge} years or older to enter this site
      </p>
      <button ref={buttonRef} type="button" className="button age-gate__button" onClick={confirm}>
        I am {shop.minimumAge}+
      </button>
    </Modal>
  );
}
