import logoUrl from '../../../assets/logo.svg';
import { StoredImage } from '../../../components/ui/StoredImage';
import { ImageFileInput } from '../common/ImageFileInput';
import type { EventImageState } from './use-event-image';

/** The event's image: the file input, and the chosen image's preview, the stored image, or the shop's logo when there is none. */
export function EventImageField({ image }: { image: EventImageState }) {
  const { preview, shownImage } = image;
  return (
    <div className="event-editor__image">
      <ImageFileInput
        label="Image"
        note="Optional: JPEG, PNG or WebP. Without one, the shop's logo is shown."
        inputRef={image.fileInputRef}
        onFiles={([chosen]) => image.chooseFile(chosen)}
        onRefused={image.refuseFile}
      />
      <figure className="event-editor__preview">
        {shownImage ? (
          preview ? (
            <img src={preview} alt="Chosen image" width={800} height={500} className="event__image" />
          ) : (
            <StoredImage url={shownImage} alt="Current image" width={800} height={500} sizes="16rem" className="event__image" />
          )
        ) : (
          <img src={logoUrl} alt="Shop logo (no image)" width={218} height={64} className="event__image event__image--logo" />
        )}
        {shownImage ? (
          <button type="button" className="button button--ghost button--small" onClick={image.clearImage}>
            Remove image
          </button>
        ) : null}
      </figure>
    </div>
  );
}
