import { Link } from 'react-router-dom';
import { DEPARTMENTS, departmentMenuPath, type Department } from '../../lib/departments';

/** Buttons to the Wine, Liquor and Extras menus, for pages that offer a way on. */
export function DepartmentLinks({ ghost = false }: { ghost?: boolean }) {
  return (
    <>
      {(Object.keys(DEPARTMENTS) as Department[]).map((department) => (
        <Link key={department} className={ghost ? 'button button--ghost' : 'button'} to={departmentMenuPath(department)}>
          {DEPARTMENTS[department]}
        </Link>
      ))}
    </>
  );
}
