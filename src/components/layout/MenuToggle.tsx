import type { ReactNode, Ref } from 'react';

export interface MenuToggleProps {
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  /** The id of the navigation list it shows and hides. */
  controls: string;
  className: string;
  onToggle: () => void;
  /** A name shown beside the icon; without it give `label`. */
  children?: ReactNode;
  /** The name when none is shown. */
  label?: string;
}

/**
 * The phone menu's disclosure button, in the storefront's header and the admin's top bar: three
 * bars, a cross while the menu is open.
 */
export function MenuToggle({ ref, open, controls, className, onToggle, children, label }: MenuToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={label}
      onClick={onToggle}
    >
      <svg className="menu-toggle__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {children}
    </button>
  );
}
