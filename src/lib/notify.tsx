/**
 * The app's toasts (product §8): errors titled "Error", successes titled "Success", the title in bold
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

/**
 * The same message again replaces its toast if that one is still up (one on screen, not a stack),
 * and is shown and announced anew: a second failed save must be seen and heard, not dropped.
 */
const shownByMessage = new Map<string, Id>();

function show(kind: 'error' | 'success', title: string, message: string): Id {
  const key = `${kind}:${message}`;
  const previous = shownByMessage.get(key);
  if (previous !== undefined) toast.dismiss(previous);
  const id: Id = toast[kind](<ToastMessage title={title} message={message} />, {
    onClose: () => {
      if (shownByMessage.get(key) === id) shownByMessage.delete(key);
    },
  });
  shownByMessage.set(key, id);
  return id;
}

export const notify = {
  error: (message: string): Id => show('error', ERROR_TITLE, message),
  success: (message: string): Id => show('success', SUCCESS_TITLE, message),
};
