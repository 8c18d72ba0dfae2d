/**
 * The Banner Changer's state and actions (product §2, §4): the working list, the inline error and
 * what it is about, the saved banner whose Delete is being confirmed, where the focus goes when a
 * row moves or leaves, and Save. BannerChangerModal.tsx draws them.
 */
import { useRef, useState } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { useUploadImage } from '../common/use-upload-image';
import { BANNER_MESSAGES, useBannerWrites, type AdminBanner } from './api';
import { descriptionsToSave, imagesToSave, moveEntry, type BannerEntry } from './banner-list';

export type SavedBannerEntry = Extract<BannerEntry, { kind: 'saved' }>;

/**
 * What the failure is about, so it goes with its cause (decision 0197): a refused chosen file (gone
 * with the next good file), a new file the server refused (gone when it is removed), or other.
 */
type ErrorCause = { kind: 'chosen' } | { kind: 'entry'; key: string } | null;

let keySequence = 0;
const nextKey = () => `banner-${++keySequence}`;

/** The last failure, repeated inside the dialog (the page's toasts are inert behind a modal), and its cause. */
function useBannerError() {
  const [formError, setFormError] = useState('');
  const [errorCause, setErrorCause] = useState<ErrorCause>(null);
  const showError = (message: string, cause: ErrorCause = null) => {
    setFormError(message);
    setErrorCause(cause);
  };
  const fail = (message: string) => {
    notify.error(message);
    showError(message);
  };
  return { formError, errorCause, showError, fail };
}

/** Keeps the keyboard user's place when rows move or leave (the focused control may be gone). */
function useListFocus() {
  const listRef = useRef<HTMLOListElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  /** After a removal, the focus goes to the next row's Delete, else the previous one's, else the file input. */
  const afterRemoval = (position: number) => {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.banner-changer__remove') ?? [];
      (buttons[Math.min(position, buttons.length - 1)] ?? fileInputRef.current)?.focus();
    });
  };

  /** After a move, the focus stays on the same control of the moved row (its Delete at either end). */
  const afterMove = (target: number, direction: string | undefined) => {
    requestAnimationFrame(() => {
      const row = listRef.current?.children[target];
      const same = row?.querySelector<HTMLButtonElement>(`[data-direction="${direction}"]:not([disabled])`);
      (same ?? row?.querySelector<HTMLButtonElement>('.banner-changer__remove'))?.focus();
    });
  };

  return { listRef, fileInputRef, afterRemoval, afterMove };
}

interface SaveBannersDeps {
  replace: ReturnType<typeof useBannerWrites>['replace'];
  showError: ReturnType<typeof useBannerError>['showError'];
  fail: (message: string) => void;
  onClose: () => void;
}

/** Save: uploads the new files (each once, across retries), then replaces the banner set with the list in one call. */
function useSaveBanners(entries: readonly BannerEntry[], { replace, showError, fail, onClose }: SaveBannersDeps) {
  const [saving, setSaving] = useState(false);
  /** Where each new file was stored, by entry key. */
  const stored = useRef(new Map<string, string>());
  const { upload } = useUploadImage();

  const save = async () => {
    setSaving(true);
    showError('');
    try {
      for (const entry of entries) {
        if (entry.kind !== 'new' || stored.current.has(entry.key)) continue;
        const url = await upload(entry.file, {
          onRefused: (message) => showError(`${entry.name}: ${message}`, { kind: 'entry', key: entry.key }),
        });
        if (!url) return; // upload() has said why; the list stays as it is.
        stored.current.set(entry.key, url);
      }
      const images = imagesToSave(entries, stored.current);
      if (!images) return;
      await replace.mutateAsync({ images, descriptions: descriptionsToSave(entries) });
      notify.success(BANNER_MESSAGES.saved);
      onClose();
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.saveError));
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}

interface SavedBannerDeleteDeps {
  remove: ReturnType<typeof useBannerWrites>['remove'];
  showError: ReturnType<typeof useBannerError>['showError'];
  fail: (message: string) => void;
  dropEntry: (key: string) => void;
  afterRemoval: (position: number) => void;
}

/** A saved banner's Delete: it leaves the live site at once, so it is confirmed first (decision 0194). */
function useSavedBannerDelete({ remove, showError, fail, dropEntry, afterRemoval }: SavedBannerDeleteDeps) {
  /** The saved banner whose Delete is being confirmed, with its place in the list. */
  const [confirming, setConfirming] = useState<{ entry: SavedBannerEntry; position: number } | null>(null);

  /** The confirmed delete: false (the confirmation stays) when it failed. */
  const deleteSaved = async (entry: SavedBannerEntry, position: number) => {
    showError('');
    try {
      await remove.mutateAsync(entry.id);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.deleteError));
      return false;
    }
    dropEntry(entry.key);
    notify.success(BANNER_MESSAGES.deleted);
    afterRemoval(position);
    return true;
  };

  return {
    confirming,
    ask: (entry: SavedBannerEntry, position: number) => setConfirming({ entry, position }),
    cancel: () => setConfirming(null),
    deleteSaved,
  };
}

export function useBannerChanger(banners: readonly AdminBanner[] | undefined, onClose: () => void) {
  const [entries, setEntries] = useState<BannerEntry[]>(() =>
    (banners ?? []).map((banner) => ({ key: nextKey(), kind: 'saved', id: banner.id, img: banner.img, description: banner.description })),
  );
  const { formError, errorCause, showError, fail } = useBannerError();
  const focus = useListFocus();
  const { remove: deleteBanner, replace } = useBannerWrites();
  const { saving, save } = useSaveBanners(entries, { replace, showError, fail, onClose });

  const addFiles = (files: File[]) => {
    if (errorCause?.kind === 'chosen') showError('');
    setEntries((current) => [
      ...current,
      ...files.map((file): BannerEntry => ({ key: nextKey(), kind: 'new', file, name: file.name, description: '' })),
    ]);
  };

  /** A chosen file the input refused: said at once, and gone with the next good file. */
  const refuseChosen = (message: string) => {
    notify.error(message);
    showError(message, { kind: 'chosen' });
  };

  const dropEntry = (key: string) => {
    setEntries((current) => current.filter((candidate) => candidate.key !== key));
    if (errorCause?.kind === 'entry' && errorCause.key === key) showError('');
  };

  const deletion = useSavedBannerDelete({ remove: deleteBanner, showError, fail, dropEntry, afterRemoval: focus.afterRemoval });

  /** Remove: a new file only leaves the list; a saved banner's Delete asks first. */
  const remove = (entry: BannerEntry, position: number) => {
    if (entry.kind === 'saved') {
      deletion.ask(entry, position);
      return;
    }
    dropEntry(entry.key);
    focus.afterRemoval(position);
  };

  const describe = (key: string, description: string) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, description } : entry)));
  };

  const move = (index: number, delta: number, button: HTMLButtonElement) => {
    setEntries((current) => moveEntry(current, index, delta));
    focus.afterMove(index + delta, button.dataset.direction);
  };

  return {
    entries,
    saving,
    formError,
    confirming: deletion.confirming,
    cancelConfirm: deletion.cancel,
    listRef: focus.listRef,
    fileInputRef: focus.fileInputRef,
    addFiles,
    refuseChosen,
    remove,
    deleteSaved: deletion.deleteSaved,
    describe,
    move,
    save,
  };
}
