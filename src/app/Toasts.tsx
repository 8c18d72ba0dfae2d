import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../config/constants';
import { STAYS_ACTIVE_UNDER_MODALS } from '../components/ui/Modal';

/** Toasts live beside #root, not in it, so an open modal (which makes the page inert) never silences them. */
function toastHost(): HTMLElement {
  let host = document.getElementById('toasts');
  if (!host) {
    host = document.createElement('div');
    host.id = 'toasts';
    host.setAttribute(STAYS_ACTIVE_UNDER_MODALS, '');
    document.body.append(host);
  }
  return host;
}

/** The app's one toast container (loaded lazily, see lib/toast-signal.ts). */
export default function Toasts() {
  return createPortal(<ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />, toastHost());
}
