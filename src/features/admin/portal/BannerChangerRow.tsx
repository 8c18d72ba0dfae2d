/**
 * One row of the Banner Changer's list: the banner's picture, its place and description, Move
 * up/down, and a saved banner's red Delete (it leaves the live site, so it asks first) or a new
 * file's plain Remove (it only leaves the list).
 */
import { StoredImage } from '../../../components/ui/StoredImage';
import { ChevronIcon } from '../../../components/ui/icons';
import { MAX_BANNER_DESCRIPTION, type BannerEntry } from './banner-list';

/** The move buttons of a row (the chevrons are turned to point up and down). */
const MOVES = [
  { direction: 'up', delta: -1 },
  { direction: 'down', delta: 1 },
] as const;

export interface BannerChangerRowProps {
  entry: BannerEntry;
  index: number;
  /** How many rows the list has (the last one cannot move down). */
  count: number;
  /** A new file's object URL, once made. */
  preview: string | undefined;
  busy: boolean;
  onDescribe: (key: string, description: string) => void;
  onMove: (index: number, delta: number, button: HTMLButtonElement) => void;
  onRemove: (entry: BannerEntry, index: number) => void;
}

/** A saved banner as stored, a new file from its preview, or an empty frame while the preview is made. */
function BannerThumb({ entry, label, preview }: { entry: BannerEntry; label: string; preview: string | undefined }) {
  if (entry.kind === 'saved') {
    return <StoredImage className="banner-changer__thumb" url={entry.img} alt={label} width={1900} height={370} sizes="14rem" />;
  }
  if (preview) return <img className="banner-changer__thumb" src={preview} alt={`${label}: ${entry.name}`} width={1900} height={370} />;
  return <span className="banner-changer__thumb" />;
}

export function BannerChangerRow({ entry, index, count, preview, busy, onDescribe, onMove, onRemove }: BannerChangerRowProps) {
  const label = `Banner ${index + 1}`;
  return (
    <li className="banner-changer__row" data-kind={entry.kind}>
      <BannerThumb entry={entry} label={label} preview={preview} />
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
          onChange={(event) => onDescribe(entry.key, event.target.value)}
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
            disabled={busy || index + delta < 0 || index + delta >= count}
            onClick={(event) => onMove(index, delta, event.currentTarget)}
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
            onClick={() => onRemove(entry, index)}
          >
            Delete
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--ghost banner-changer__remove"
            aria-label={`Remove new ${label} from the list`}
            disabled={busy}
            onClick={() => onRemove(entry, index)}
          >
            Remove
          </button>
        )}
      </span>
    </li>
  );
}
