/** The bar above every signed-in page: product name (home link) and the user menu. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserMenu } from './user-menu';

export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <Link to="/experiments" className="app-header__brand">
        <span className="brand-mark" aria-hidden="true" />
        Plate Workstation
      </Link>
      <div className="app-header__middle">{children}</div>
      <UserMenu />
    </header>
  );
}
