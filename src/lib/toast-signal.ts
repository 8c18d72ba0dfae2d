/**
 * Whether any code has loaded react-toastify yet. The toast container (and the library with its
 * stylesheet) is only mounted once some page needs toasts, so pages that never toast (home,
 * menu, item, events) do not download it. Toasts raised before the container mounts are queued
 * by react-toastify and shown as soon as it does.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

export function requestToasts(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToastRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function areToastsRequested(): boolean {
  return requested;
}
