/**
 * Server-rendered pages (decision 0388): the browser takes the server's markup over (hydration) by
 * rendering exactly what the server rendered, or React reports a mismatch and draws it anew. A
 * component that renders what only the browser knows (the session in storage) renders the
 * server's value while it is hydrated and its own right after: React's useSyncExternalStore with
 * a server snapshot does exactly that. The clock is one of them: the page was drawn up to a minute
 * ago (its cache), so while hydrating the app reads the time it was drawn at.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { DRAWN_AT_ATTRIBUTE } from '../../shared/page-markers';

/** When the page being drawn (on the server) or hydrated (in the browser) was drawn. */
let drawnAt: number | null = null;

/** Whether this render is the server's (app/server-render.tsx): there is no document to read or portal to. */
export const renderingOnServer = (): boolean => typeof document === 'undefined';

/** Read before hydrating a drawn page: the time its root says it was drawn at (useRenderTime). */
export function readDrawnTime(root: HTMLElement): void {
  const written = Number(root.getAttribute(DRAWN_AT_ATTRIBUTE));
  drawnAt = Number.isFinite(written) && written > 0 ? written : null;
}

/** Set by the server's renderer (app/server-render.tsx): the time the page is drawn at. */
export function setRenderingTime(at: number): void {
  drawnAt = at;
}

const neverChanges = () => () => undefined;

/**
 * False on the server and in a render that hydrates the server's markup, true in every other
 * render: React renders a hydrated component again with its browser snapshot right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * useSyncExternalStore for a store only the browser has: `serverSnapshot` on the server and while
 * the component is hydrated from server markup, the store's value from the next render on.
 */
export function useBrowserStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
}

/**
 * The time the page was drawn at, on the server and while the browser hydrates it; null from the
 * next render on, and in every render of a page the server did not draw.
 */
export function useDrawnTime(): Date | null {
  const hydrated = useHydrated();
  return !hydrated && drawnAt !== null ? new Date(drawnAt) : null;
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
 * Sets `field` to what the visitor typed before React hydrated it and tells React, as typing
 * would: React keeps a drawn field's value while it hydrates but holds the app's own in its state
 * (and in its value tracker), so the field is set to the app's value through the tracker first and
 * to the visitor's past it, and the input event then reads as a change.
 */
function tellTyped(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  field.value = field.defaultValue;
  // The prototype's setter, with the field as `this`: past the tracker React put on the field.
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', typed, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * In a part of the page hydrated from server markup: what the visitor typed, ticked or chose in its
 * drawn fields before it was hydrated is handed to the app once it is (its effects, after the
 * page's own, which set its state from the URL), as typing or a click hands it. The page stays
 * usable from the first paint, a big menu's search box too (decision 0393). The fields are read
 * in the hydrating render itself: a click after it is React's own, and handed over again it would
 * be undone.
 */
export function useFieldsTypedBeforeHydration(): void {
  const hydrating = !useHydrated();
  const [typed] = useState(() =>
    hydrating && !renderingOnServer()
      ? Array.from(document.getElementById('root')?.querySelectorAll<FormField>('input, select, textarea') ?? [])
          .filter(changedByVisitor)
          .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }))
      : [],
  );
  useEffect(() => {
    for (const { field, value, checked } of typed.splice(0)) {
      if (!field.isConnected) continue;
      if (isToggle(field)) {
        // Changed again since: React has it.
        if (field.checked !== checked) continue;
        field.checked = field.defaultChecked;
        if (checked !== field.checked) field.click();
      } else if (field.value !== value) continue;
      else if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
      else tellTyped(field, value);
    }
  }, [typed]);
}

let drawnMarkupOutdated = false;
const outdatedListeners = new Set<() => void>();

/**
 * Says the markup still waiting to be hydrated was drawn from data that has changed since (a big
 * menu's list, decision 0393): the part waiting for it is drawn anew instead (useDrawnMarkupKey).
 */
export function dropDrawnMarkup(): void {
  drawnMarkupOutdated = true;
  for (const listener of outdatedListeners) listener();
}

/**
 * The key of the page's Suspense boundary: a new key after dropDrawnMarkup, so React removes the
 * drawn markup it has not hydrated and renders the page fresh, with no hydration mismatch.
 */
export function useDrawnMarkupKey(): string {
  return useSyncExternalStore(
    (listener) => {
      outdatedListeners.add(listener);
      return () => outdatedListeners.delete(listener);
    },
    () => (drawnMarkupOutdated ? 'redrawn' : 'drawn'),
    () => 'drawn',
  );
}
