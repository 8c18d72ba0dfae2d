/**
 * A `blob:` URL showing a chosen file (an image preview before upload), or null without a file.
 * The URL is freed when the file changes and when the component unmounts.
 *
 *     const preview = useObjectUrl(file);
 *     {preview ? <img src={preview} alt="The chosen image" /> : null}
 */
import { useEffect, useState } from 'react';

export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
