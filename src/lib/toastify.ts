/**
 * What `import ... from 'react-toastify'` resolves to in the app (alias in vite.config.ts).
 *
 * - The unstyled build with the stylesheet as a file: the styled build injects a <style>
 *   element at runtime, which a strict Content-Security-Policy may refuse.
 * - Loading this module asks the app to mount the toast container (see toast-signal.ts).
 *
 * So pages just `import { toast } from 'react-toastify'` and call `toast.error(...)`.
 */
import 'react-toastify/ReactToastify.css';
import { requestToasts } from './toast-signal';

export * from 'react-toastify/unstyled';

requestToasts();
