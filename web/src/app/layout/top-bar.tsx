import { Link } from 'react-router';

/** Placeholder: Web app I builds the real top bar and user menu (spec section 2). */
export function TopBar() {
  return (
    <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <Link to="/landing" className="font-semibold">
        Promptgrid
      </Link>
    </header>
  );
}
