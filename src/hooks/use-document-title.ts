import { useEffect } from 'react';
import { shop } from '../config/shop';

/** The full title of a page: "Wine | Patterson Wine & Liquor", or the shop name alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${shop.name}` : shop.name;
}

/** Sets `document.title` for the page that calls it. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
