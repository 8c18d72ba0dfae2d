import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SORT_OPTIONS, sortLabel, type ItemSort } from './item-rules';

export interface SortMenuProps {
  value: ItemSort | null;
  onChange: (sort: ItemSort | null) => void;
}

/**
 * The Sort By dropdown (product §2, §4): a menu button with one radio item per order. It closes on
 * a click outside it, on Escape (focus back on the button), on Tab, and after a choice. Arrow
 * keys, Home and End move between the options.
 */
export function SortMenu({ value, onChange }: SortMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const label = sortLabel(value);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Opening puts the focus on the current order (or the first), in the same commit: an Escape
  // pressed at once must find the focus inside the menu.
  useLayoutEffect(() => {
    if (!open) return;
    const selected = SORT_OPTIONS.findIndex((option) => option.value === value && option.value !== null);
    itemRefs.current[Math.max(0, selected)]?.focus();
  }, [open, value]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(items.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className="sort-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost sort-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={onButtonKeyDown}
      >
        Sort By{label ? `: ${label}` : ''}
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="sort-menu__caret">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} className="sort-menu__list" role="menu" aria-label="Sort By" tabIndex={-1} onKeyDown={onMenuKeyDown}>
          {SORT_OPTIONS.map((option, index) => (
            <button
              key={option.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option.value !== null && option.value === value}
              tabIndex={-1}
              className="sort-menu__item"
              onClick={() => {
                onChange(option.value);
                close(true);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
