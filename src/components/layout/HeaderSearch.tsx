import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../../../shared/spa-routes';
import { SearchIcon } from '../ui/icons';

/**
 * The header's search through every department (decision 0300): on wide screens a field and its
 * button, on narrower ones the button alone, which opens /search to type there.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const inputId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchPath(text));
    setText('');
  };

  return (
    <form className="header-search" role="search" aria-label="Search the shop" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search the shop
      </label>
      <input
        id={inputId}
        className="header-search__input"
        type="search"
        placeholder="Search the shop"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--ghost header-search__button" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
