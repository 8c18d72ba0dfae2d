/**
 * The Banner Changer (SPEC §2, §4): the current banners, each with Delete (a saved one is deleted
 * at once), newly chosen .png files added to the list before saving, and Save, which uploads the
 * new files and then replaces the whole banner set with the list, in its order, in one call.
 * Move up/down sets the order. Rendered only while `open`.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { StoredImage } from '../../../components/ui/StoredImage';
import { ChevronIcon } from '../../../components/ui/icons';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../shared/graphql-errors';
import { EditorActions } from '../shared/editor-parts';
import { PngFileInput } from '../shared/PngFileInput';
import { useUploadImage } from '../shared/use-upload-image';
import { BANNER_MESSAGES, useBannerWrites, type AdminBanner } from './api';
import { imagesToSave, moveEntry, type BannerEntry } from './banner-list';

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
    (banners ?? []).map((banner) => ({ key: nextKey(), kind: 'saved', id: banner.id, img: banner.img })),
  );
  const [saving, setSaving] = useState(false);
  const [deletingKey, setDeletingKey] = useState<string | null>(null);
  /** The last failure, repeated inside the dialog (the page's toasts are inert behind a modal). */
  const [formError, setFormError] = useState('');
  const stored = useRef(new Map<string, string>());
  const previews = useFilePreviews(entries);
  const listRef = useRef<HTMLOListElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const { upload } = useUploadImage();
  const { deleteBanner, replaceBanners } = useBannerWrites();
  const busy = saving || deletingKey !== null;

  const fail = (message: string) => {
    notify.error(message);
    setFormError(message);
  };

  const addFiles = (files: File[]) => {
    setEntries((current) => [...current, ...files.map((file): BannerEntry => ({ key: nextKey(), kind: 'new', file, name: file.name }))]);
  };

  /** After a removal, the focus goes to the next row's Delete, else the previous one's, else the file input. */
  const focusAfterRemoval = (position: number) => {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.banner-changer__delete') ?? [];
      (buttons[Math.min(position, buttons.length - 1)] ?? fileInputRef.current)?.focus();
    });
  };

  const remove = async (entry: BannerEntry, position: number) => {
    if (entry.kind === 'new') {
      setEntries((current) => current.filter((candidate) => candidate.key !== entry.key));
      focusAfterRemoval(position);
      return;
    }
    setDeletingKey(entry.key);
    setFormError('');
    try {
      await deleteBanner(entry.id);
      setEntries((current) => current.filter((candidate) => candidate.key !== entry.key));
      notify.success(BANNER_MESSAGES.deleted);
      focusAfterRemoval(position);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.deleteError));
    } finally {
      setDeletingKey(null);
    }
  };

  const move = (index: number, delta: number, button: HTMLButtonElement) => {
    setEntries((current) => moveEntry(current, index, delta));
    // Keep the focus on the same control of the moved row.
    const direction = button.dataset.direction;
    requestAnimationFrame(() => {
      const row = listRef.current?.children[index + delta];
      const same = row?.querySelector<HTMLButtonElement>(`[data-direction="${direction}"]:not([disabled])`);
      (same ?? row?.querySelector<HTMLButtonElement>('.banner-changer__delete'))?.focus();
    });
  };

  const save = async () => {
    setSaving(true);
    setFormError('');
    try {
      for (const entry of entries) {
        if (entry.kind !== 'new' || stored.current.has(entry.key)) continue;
        const url = await upload(entry.file, { onRefused: (message) => setFormError(`${entry.name}: ${message}`) });
        if (!url) return; // upload() has said why; the list stays as it is.
        stored.current.set(entry.key, url);
      }
      const images = imagesToSave(entries, stored.current);
      if (!images) return;
      await replaceBanners(images);
      notify.success(BANNER_MESSAGES.saved);
      onClose();
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail(userFacingMessage(error, BANNER_MESSAGES.saveError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Banner Changer" onEscape={busy ? undefined : onClose} className="admin-modal admin-modal--wide banner-changer">
      <PngFileInput
        inputRef={fileInputRef}
        label="Add banner images (.png)"
        multiple
        clearAfterChoose
        note="Best:(1900x370)"
        onFiles={addFiles}
        disabled={saving}
      />
      <h3 className="banner-changer__heading" id="banner-changer-list">
        Banners ({entries.length})
      </h3>
      {entries.length === 0 ? <p className="banner-changer__empty">No banners. Add .png images above.</p> : null}
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
              <span className="banner-changer__actions">
                {MOVES.map(({ direction, delta }) => (
                  <button
                    key={direction}
                    type="button"
                    className="admin-icon-button"
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
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--danger banner-changer__delete"
                  aria-label={`Delete ${label}`}
                  disabled={busy}
                  onClick={() => void remove(entry, index)}
                >
                  {deletingKey === entry.key ? 'Deleting...' : 'Delete'}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <EditorActions saving={saving} error={formError} busy={busy} cancelLabel="Close" onCancel={onClose} onSave={() => void save()} />
    </Modal>
  );
}
