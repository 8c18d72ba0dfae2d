/**
 * The app's toasts (SPEC §8): errors titled "Error", successes titled "Success", the title in bold
 * with the message below it.
 *
 *     notify.error('Incorrect password');
 *     notify.success('Item Created');
 *
 * Importing this module loads react-toastify (and mounts its container), so import it from the
 * pages that toast, or load it on demand: `import('../lib/notify').then(({ notify }) => ...)`.
 */
import { toast, type Id } from 'react-toastify';

export const ERROR_TITLE = 'Error';
export const SUCCESS_TITLE = 'Success';

function ToastMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className="notify">
      <strong className="notify__title">{title}</strong>
      <div className="notify__message">{message}</div>
    </div>
  );
}

// The same message while its toast is still up is not stacked a second time.
export const notify = {
  error: (message: string): Id =>
    toast.error(<ToastMessage title={ERROR_TITLE} message={message} />, { toastId: `error:${message}` }),
  success: (message: string): Id =>
    toast.success(<ToastMessage title={SUCCESS_TITLE} message={message} />, { toastId: `success:${message}` }),
};
