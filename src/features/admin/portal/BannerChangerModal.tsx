/**
 * The Banner Changer (product §2, §4): the current banners, each with a red Delete that asks first
 * (a saved banner leaves the live site at once, decision 0194), newly chosen images added to the
 * list before saving, each with a plain Remove (it only leaves the list), and Save, which uploads
 * the new files and then replaces the whole banner set with the list, in its order, in one call.
 * Move up/down sets the order. Files are checked when chosen (ImageFileInput). Rendered only while `open`.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/Modal';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import { EditorActions } from '../common/editor-parts';
import { ImageFileInput } from '../common/ImageFileInput';
import type { AdminBanner } from './api';
import { MAX_BANNER_DESCRIPTION, type BannerEntry } from './banner-list';
import { BannerChangerRow } from './BannerChangerRow';
import { useBannerChanger } from './use-banner-changer';

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

/** Draws the dialog; its state and actions are use-banner-changer.ts, a row is BannerChangerRow.tsx. */
function BannerChanger({ banners, onClose }: BannerChangerModalProps) {
  const changer = useBannerChanger(banners, onClose);
  const { entries, saving, confirming } = changer;
  const previews = useFilePreviews(entries);
  const busy = saving;

  // The confirmation is a sibling of the dialog, not inside it: React events bubble through
  // portals, and the Banner Changer's own Escape and Tab handling must not see its keys.
  return (
    <>
      <Modal title="Banner Changer" onEscape={busy ? undefined : onClose} className="admin-modal admin-modal--wide banner-changer">
        <ImageFileInput
          inputRef={changer.fileInputRef}
          label="Add banner images"
          multiple
          clearAfterChoose
          note="JPEG, PNG or WebP. Best:(1900x370)"
          onFiles={changer.addFiles}
          onRefused={changer.refuseChosen}
          disabled={saving}
        />
        <h3 className="banner-changer__heading" id="banner-changer-list">
          Banners ({entries.length})
        </h3>
        {entries.length === 0 ? <p className="banner-changer__empty">No banners. Add images above.</p> : null}
        <p className="banner-changer__note" id="banner-changer-description-note">
          A description says what a banner says, for screen readers and as a caption under it on phones (at most {MAX_BANNER_DESCRIPTION}{' '}
          characters).
        </p>
        <ol ref={changer.listRef} className="banner-changer__list" aria-labelledby="banner-changer-list">
          {entries.map((entry, index) => (
            <BannerChangerRow
              key={entry.key}
              entry={entry}
              index={index}
              count={entries.length}
              preview={entry.kind === 'new' ? previews.get(entry.key) : undefined}
              busy={busy}
              onDescribe={changer.describe}
              onMove={changer.move}
              onRemove={changer.remove}
            />
          ))}
        </ol>
        <EditorActions
          saving={saving}
          error={changer.formError}
          busy={busy}
          cancelLabel="Close"
          onCancel={onClose}
          onSave={() => void changer.save()}
        />
      </Modal>
      <ConfirmDeleteModal
        target={confirming}
        title="Delete Banner"
        message={`Delete Banner ${(confirming?.position ?? 0) + 1}? It leaves the live site at once, without Save, and cannot be brought back.`}
        onConfirm={({ entry, position }) => changer.deleteSaved(entry, position)}
        onClose={changer.cancelConfirm}
      />
    </>
  );
}
