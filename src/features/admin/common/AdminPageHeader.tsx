/**
 * The heading row of an admin page: the page title (the page's one h1) and, to its right, the
 * page's actions (buttons, a search box); they wrap below the title on narrow screens.
 *
 *     <AdminPageHeader title="Items">
 *       <button type="button" className="button" onClick={openEditor}>Add Item</button>
 *     </AdminPageHeader>
 */
import type { ReactNode } from 'react';
import './admin.css';

export interface AdminPageHeaderProps {
  title: ReactNode;
  /** The actions, laid out in a row. */
  children?: ReactNode;
}

export function AdminPageHeader({ title, children }: AdminPageHeaderProps) {
  return (
    <div className="admin-page-header">
      <h1 className="admin-page-header__title">{title}</h1>
      {children ? <div className="admin-page-header__actions">{children}</div> : null}
    </div>
  );
}
