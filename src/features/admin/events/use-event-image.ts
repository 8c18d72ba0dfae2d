/**
 * The Event editor's image (product §5): the event's stored image until staff remove it, or a
 * newly chosen file with its preview, uploaded first on Save. A file refused when chosen
 * (ImageFileInput's check) leaves the previous choice; the inline error it raised goes when a good
 * image is chosen or the image removed.
 */
import { useRef, useState } from 'react';
import { useObjectUrl } from '../common/use-object-url';
import { useUploadImage } from '../common/use-upload-image';
import type { useEditorSave } from '../common/editor-parts';

export function useEventImage(storedImage: string | null, { refuse, clear }: Pick<ReturnType<typeof useEditorSave>, 'refuse' | 'clear'>) {
  const [file, setFile] = useState<File | null>(null);
  const [keepImage, setKeepImage] = useState(true);
  /** Whether the inline error is about the image. */
  const [imageRefused, setImageRefused] = useState(false);
  const { upload } = useUploadImage();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const currentImage = keepImage ? storedImage : null;

  const forgetImageRefusal = () => {
    if (!imageRefused) return;
    setImageRefused(false);
    clear();
  };

  return {
    fileInputRef,
    /** The chosen file's preview, or null. */
    preview,
    /** What the editor shows: the chosen file's preview, else the stored image (null once removed). */
    shownImage: preview ?? currentImage,
    refuseFile: (message: string) => {
      setImageRefused(true);
      refuse({ message, focus: fileInputRef.current });
    },
    chooseFile: (chosen: File | undefined) => {
      if (!chosen) return;
      forgetImageRefusal();
      setFile(chosen);
    },
    clearImage: () => {
      forgetImageRefusal();
      setFile(null);
      setKeepImage(false);
      if (fileInputRef.current) fileInputRef.current.value = '';
    },
    /** A Save's own refusal or outcome replaces the inline error: it is no longer the image's. */
    releaseError: () => setImageRefused(false),
    /**
     * The image to save: the chosen file once uploaded, else the stored one (null once removed);
     * undefined when the upload failed (useUploadImage has toasted why).
     */
    imageToSave: async (): Promise<string | null | undefined> => (file ? (await upload(file)) || undefined : currentImage),
  };
}

export type EventImageState = ReturnType<typeof useEventImage>;
