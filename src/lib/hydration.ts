/**
 * Server-rendered pages (decision 0388): the browser takes over the server's markup (hydration)
 * by rendering exactly what the server rendered. Preact keeps the server's attributes while it
 * hydrates, so a component that rendered what only the browser knows (the session in storage)
 * would leave the server's links and labels in place. Such components render the server's value
 * while hydrating and their own right after. The clock is one of them: the page was drawn up to a
 * minute ago (its cache), so while hydrating the app reads the time it was drawn at.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { DRAWN_AT_ATTRIBUTE } from '../../shared/page-markers';

let hydrating = false;
/** When the page being drawn (on the server) or hydrated (in the browser) was drawn. */
let drawnAt: number | null = null;

/** Whether this render is the server's (app/server-render.tsx): there is no document to read or portal to. */
export const renderingOnServer = (): boolean => typeof document === 'undefined';

/**
 * Runs `render` (the hydration of the server's markup in `root`) with useBrowserStore answering as
 * the server did, and useRenderTime with the time the server drew the page.
 */
export function whileHydrating(root: HTMLElement, render: () => void): void {
  hydrating = true;
  const written = Number(root.getAttribute(DRAWN_AT_ATTRIBUTE));
  drawnAt = Number.isFinite(written) && written > 0 ? written : null;
  try {
    render();
  } finally {
    hydrating = false;
  }
}

/** Set by the server's renderer (app/server-render.tsx): the time the page is drawn at. */
export function setRenderingTime(at: number): void {
  drawnAt = at;
}

/** False in a render that hydrates the server's markup, true from the next render on (and always elsewhere). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}

/**
 * useSyncExternalStore for a store only the browser has: `serverSnapshot` while the component
 * is hydrated from server markup, the store's value from the next render on.
 */
export function useBrowserStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(subscribe, getSnapshot);
  return hydrated ? value : serverSnapshot;
}

/**
 * The time the page was drawn at, on the server and while the browser hydrates it; null from the
 * next render on, and in every render of a page the server did not draw.
 */
export function useDrawnTime(): Date | null {
  const hydrated = useHydrated();
  return (renderingOnServer() || !hydrated) && drawnAt !== null ? new Date(drawnAt) : null;
}

/**
 * The time a render shows (a Sale that ends, an RSVP that closes, a count's "2 hours ago"): the
 * time the page was drawn at while it is drawn or hydrated (useDrawnTime), the clock's after.
 */
export function useRenderTime(): Date {
  return useDrawnTime() ?? new Date();
}

type FormField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isToggle = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the visitor changed the field from what the page was drawn with. */
function changedByVisitor(field: FormField): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/**
 * Runs `render`, the app's first render over a page the server drew without inlining its answers
 * (decision 0391: a big menu), and hands what the visitor typed, ticked or chose in the drawn
 * fields before it to the app: the render sets each field to the app's state, and the app's first
 * effects set that state from the URL, so after them each field the visitor changed is set again
 * and told, as typing or a click tells it (input and change events; a click for a box). A field
 * the visitor has changed again since the render (keystrokes that waited for it) is left alone.
 */
export function keepingFieldsWhile(root: HTMLElement, render: () => void): void {
  const changed = Array.from(root.querySelectorAll<FormField>('input, select, textarea'))
    .filter(changedByVisitor)
    .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }));
  render();
  const rendered = changed.map(({ field }) => ({ value: field.value, checked: isToggle(field) && field.checked }));
  if (!changed.length) return;
  requestAnimationFrame(() =>
    setTimeout(() =>
      changed.forEach(({ field, value, checked }, index) => {
        const app = rendered[index]!;
        if (!field.isConnected) return;
        if (isToggle(field)) {
          if (field.checked !== checked) field.click();
          return;
        }
        // The app's own value, or what its effects set: not typed into since.
        if (field.value !== app.value && field.value !== '') return;
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    ),
  );
}
