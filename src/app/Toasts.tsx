import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../config/constants';

/** The app's one toast container (loaded lazily, see lib/toast-signal.ts). */
export default function Toasts() {
  return <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
