import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The menu's categories, as the `category` query parameter spells them (SPEC §2). */
export const MENU_CATEGORIES = { wine: 'Wine', liquor: 'Liquor', extras: 'Extras' } as const;
export type MenuCategory = keyof typeof MENU_CATEGORIES;

export function isMenuCategory(value: string | null): value is MenuCategory {
  return value !== null && Object.hasOwn(MENU_CATEGORIES, value);
}

export function MenuPage() {
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category');
  const title = isMenuCategory(category) ? MENU_CATEGORIES[category] : 'Menu';
  useDocumentTitle(title);
  return <h1 className="page-heading">{title}</h1>;
}
