/**
 * The Banner Changer (product §2, §4): the current banners, each with a red Delete that asks first
 * (a saved banner leaves the live site at once, decision 0194), newly chosen .png files added to the
 * list before saving, each with a plain Remove (it only leaves the list), and Save, which uploads
 * the new files and then replaces the whole banner set with the list, in its order, in one call.
 * Move up/down sets the order. Files are checked when chosen (PngFileInput). Rendered only while `open`.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { StoredImage } from '../../../components/ui/StoredImage';
import { ChevronIcon } from '../../../components/ui/icons';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import { userFacingMessage } from '../common/graphql-errors';
import { EditorActions } from '../common/editor-parts';
import { PngFileInput } from '../common/PngFileInput';
import { useUploadImage } from '../common/use-upload-image';
import { BANNER_MESSAGES, useBannerWrites, type AdminBanner } from './api';
import { descriptionsToSave, imagesToSave, MAX_BANNER_DESCRIPTION, moveEntry, type BannerEntry } from './banner-list';

export interface BannerChangerModalProps {
  open: boolean;
  /** The saved banners, in order; undefined while they load. */
  banners: readonly AdminBanner[] | undefined;
  onClose: () => void;
}

export function BannerChangerModal(props: BannerChangerModalProps) {
  if (!props.open) return null;
  return <BannerChanger {...props} />;
}

/** The move buttons of a row (the chevrons are turned to point up and down). */
const MOVES = [
  { direction: 'up', delta: -1 },
  { direction: 'down', delta: 1 },
] as const;

let keySequence = 0;
const nextKey = () => `banner-${++keySequence}`;

/** Object URLs for the chosen files, revoked when a file leaves the list or the modal closes. */
function useFilePreviews(entries: readonly BannerEntry[]): ReadonlyMap<string, string> {
  const urls = useRef(new Map<string, string>());
  const [, rerender] = useState(0);
  useEffect(() => {
    const live = new Set(entries.map((entry) => entry.key));
    let changed = false;
    for (const [key, url] of urls.current) {
      if (!live.has(key)) {
        URL.revokeObjectURL(url);
        urls.current.delete(key);
        changed = true;
      }
    }
    for (const entry of entries) {
      if (entry.kind === 'new' && !urls.current.has(entry.key)) {
        urls.current.set(entry.key, URL.createObjectURL(entry.file));
        changed = true;
      }
    }
    if (changed) rerender((n) => n + 1);
  }, [entries]);
  useEffect(() => {
    const current = urls.current;
    return () => {
      for (const url of current.values()) URL.revokeObjectURL(url);
      current.clear();
    };
  }, []);
  return urls.current;
}

function BannerChanger({ banners, onClose }: BannerChangerModalProps) {
  const [entries, setEntries] = useState<BannerEntry[]>(() =>
    (banners ?? []).map((banner) => ({ key: nextKey(), kind: 'saved', id: banner.id, img: banner.img, description: banner.description })),
  );
  const [saving, setSaving] = useState(false);
  /** The saved banner whose Delete is being confirmed, with its place in the list. */
  const [confirming, setConfirming] = useState<{ entry: Extract<BannerEntry, { kind: 'saved' }>; position: number } | null>(null);
  /** The last failure, repeated inside the dialog (the page's toasts are inert behind a modal). */
  const [formError, setFormError] = useState('');
  /**
   * What the failure is about, so it goes with its cause (decision 0197): a refused chosen file (gone
   * with the next good file), a new file the server refused (gone when it is removed), or other.
   */
  const [errorCause, setErrorCause] = useState<{ kind: 'chosen' } | { kind: 'entry'; key: string } | null>(null);
  const stored = useRef(new Map<string, string>());
  const previews = useFilePreviews(entries);
  const listRef = useRef<HTMLOListElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const { upload } = useUploadImage();
  const { remove: deleteBanner, replace: replaceBanners } = useBannerWrites();
  const busy = saving;

  const showError = (message: string, cause: typeof errorCause = null) => {
    setFormError(message);
    setErrorCause(cause);
  };

  const fail = (message: string) => {
    notify.error(message);
    showError(message);
  };

  const addFiles = (files: File[]) => {
    if (errorCause?.kind === 'chosen') showError('');
    setEntries((current) => [
      ...current,
      ...files.map((file): BannerEntry => ({ key: nextKey(), kind: 'new', file, name: file.name, description: '' })),
    ]);
  };

  /** After a removal, the focus goes to the next row's Delete, else the previous one's, else the file input. */
  const focusAfterRemoval = (position: number) => {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.banner-changer__remove') ?? [];
      (buttons[Math.min(position, buttons.length - 1)] ?? fileInputRef.current)?.focus();
    });
  };

  const dropEntry = (key: string) => {
    setEntries((current) => current.filter((candidate) => candidate.key !== key));
    if (errorCause?.kind === 'entry' && errorCause.key === key) showError('');
  };

  /** Remove: a new file only leaves the list; a saved banner's Delete asks first. */
  const remove = (entry: BannerEntry, position: number) => {
    if (entry.kind === 'saved') {
      setConfirming({ entry, position });
      return;
    }
    dropEntry(entry.key);
    focusAfterRemoval(position);
  };

  /** The confirmed delete of a saved banner: false (the confirmation stays) when it failed. */
  const deleteSaved = async (entry: Extract<BannerEntry, { kind: 'saved' }>, position: number) => {
    showError('');
    try {
      await deleteBanner.mutateAsync(entry.id);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.deleteError));
      return false;
    }
    dropEntry(entry.key);
    notify.success(BANNER_MESSAGES.deleted);
    focusAfterRemoval(position);
    return true;
  };

  const describe = (key: string, description: string) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, description } : entry)));
  };

  const move = (index: number, delta: number, button: HTMLButtonElement) => {
    setEntries((current) => moveEntry(current, index, delta));
    // Keep the focus on the same control of the moved row.
    const direction = button.dataset.direction;
    requestAnimationFrame(() => {
      const row = listRef.current?.children[index + delta];
      const same = row?.querySelector<HTMLButtonElement>(`[data-direction="${direction}"]:not([disabled])`);
      (same ?? row?.querySelector<HTMLButtonElement>('.banner-changer__remove'))?.focus();
    });
  };

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
      await replaceBanners.mutateAsync({ images, descriptions: descriptionsToSave(entries) });
      notify.success(BANNER_MESSAGES.saved);
      onClose();
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.saveError));
    } finally {
      setSaving(false);
    }
  };

  // The confirmation is a sibling of the dialog, not inside it: React events bubble through
  // portals, and the Banner Changer's own Escape and Tab handling must not see its keys.
  return (
    <>
      <Modal title="Banner Changer" onEscape={busy ? undefined : onClose} className="admin-modal admin-modal--wide banner-changer">
        <PngFileInput
          inputRef={fileInputRef}
          label="Add banner images (.png)"
          multiple
          clearAfterChoose
          note="Best:(1900x370)"
          onFiles={addFiles}
          onRefused={(message) => {
            notify.error(message);
            showError(message, { kind: 'chosen' });
          }}
          disabled={saving}
        />
        <h3 className="banner-changer__heading" id="banner-changer-list">
          Banners ({entries.length})
        </h3>
        {entries.length === 0 ? <p className="banner-changer__empty">No banners. Add .png images above.</p> : null}
        <p className="banner-changer__note" id="banner-changer-description-note">
          A description says what a banner says, for screen readers and as a caption under it on phones (at most {MAX_BANNER_DESCRIPTION}{' '}
          characters).
        </p>
        <ol ref={listRef} className="banner-changer__list" aria-labelledby="banner-changer-list">
          {entries.map((entry, index) => {
            const label = `Banner ${index + 1}`;
            const preview = entry.kind === 'new' ? previews.get(entry.key) : undefined;
            return (
              <li key={entry.key} className="banner-changer__row" data-kind={entry.kind}>
                {entry.kind === 'saved' ? (
                  <StoredImage className="banner-changer__thumb" url={entry.img} alt={label} width={1900} height={370} sizes="14rem" />
                ) : preview ? (
                  <img className="banner-changer__thumb" src={preview} alt={`${label}: ${entry.name}`} width={1900} height={370} />
                ) : (
                  <span className="banner-changer__thumb" />
                )}
                <span className="banner-changer__label">
                  {label}
                  {entry.kind === 'new' ? <span className="banner-changer__new"> (new, not saved yet: {entry.name})</span> : null}
                </span>
                <span className="banner-changer__description">
                  <label htmlFor={`${entry.key}-description`}>Description (alt text)</label>
                  <input
                    id={`${entry.key}-description`}
                    type="text"
                    className="admin-input"
                    value={entry.description}
                    maxLength={MAX_BANNER_DESCRIPTION}
                    aria-label={`${label} description (alt text)`}
                    aria-describedby="banner-changer-description-note"
                    disabled={busy}
                    onChange={(event) => describe(entry.key, event.target.value)}
                  />
                </span>
                <span className="banner-changer__actions">
                  {MOVES.map(({ direction, delta }) => (
                    <button
                      key={direction}
                      type="button"
                      className="icon-button"
                      data-direction={direction}
                      aria-label={`Move ${label} ${direction}`}
                      disabled={busy || index + delta < 0 || index + delta >= entries.length}
                      onClick={(event) => move(index, delta, event.currentTarget)}
                    >
                      <span className="banner-changer__arrow">
                        <ChevronIcon direction={delta < 0 ? 'left' : 'right'} />
                      </span>
                    </button>
                  ))}
                  {entry.kind === 'saved' ? (
                    <button
                      type="button"
                      className="button button--small button--danger banner-changer__remove banner-changer__delete"
                      aria-label={`Delete ${label} from the live site`}
                      disabled={busy}
                      onClick={() => remove(entry, index)}
                    >
                      Delete
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--small button--ghost banner-changer__remove"
                      aria-label={`Remove new ${label} from the list`}
                      disabled={busy}
                      onClick={() => remove(entry, index)}
                    >
                      Remove
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
        <EditorActions saving={saving} error={formError} busy={busy} cancelLabel="Close" onCancel={onClose} onSave={() => void save()} />
      </Modal>
      <ConfirmDeleteModal
        target={confirming}
        title="Delete Banner"
        message={`Delete Banner ${(confirming?.position ?? 0) + 1}? It leaves the live site at once, without Save, and cannot be brought back.`}
        onConfirm={({ entry, position }) => deleteSaved(entry, position)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
