import { Outlet } from 'react-router';

/** Placeholder: Web app II adds the project tabs (spec section 2). */
export default function ProjectLayout() {
  return <Outlet />;
}
