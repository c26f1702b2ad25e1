import { lazy, Suspense, useState } from 'react';
import { Link, useMatch, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { Avatar } from '@/components/ui/avatar';
import { API_SETTINGS_PARAM, API_SETTINGS_VALUE } from '@/lib/api-settings-link';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
import { GridIcon, HomeIcon, KeyIcon, LogOutIcon, UserIcon } from '@/components/ui/icons';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';

// The key modal and its calls load only when a signed-in user opens it, never with the landing page.
const ApiConfigurationDialog = lazy(() => import('@/features/api-keys/components/api-configuration-dialog'));

const triggerClasses = cn(
  'rounded-full! inline-flex size-9 items-center justify-center rounded-full ring-offset-2',
  'ring-offset-white hover:ring-2 hover:ring-slate-200 data-[state=open]:ring-2',
  'data-[state=open]:ring-blue-500 dark:ring-offset-slate-950 dark:hover:ring-slate-700',
);

/** The user menu at the right of the top bar, signed in or signed out. */
export function UserMenu() {
  const { isAuthenticated, user, logout } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [apiSettingsOpen, setApiSettingsOpen] = useState(false);
  const [apiSettingsLoaded, setApiSettingsLoaded] = useState(false);
  // A link elsewhere (the run screen's missing-key notice) opens the dialog through the URL.
  const linkedOpen = searchParams.get(API_SETTINGS_PARAM) === API_SETTINGS_VALUE;
  const setApiSettings = (open: boolean) => {
    setApiSettingsOpen(open);
    if (!open && linkedOpen)
      setSearchParams(
        (current) => {
          current.delete(API_SETTINGS_PARAM);
          return current;
        },
        { replace: true },
      );
  };
  // On /signin itself the card is the sign-in: no second 'Sign in' button in the bar.
  const onSignIn = useMatch(paths.signIn.pattern) !== null;

  if (!isAuthenticated) {
    return (
      <div className="flex items-center gap-2">
        {onSignIn ? null : (
          <Link to={paths.signIn.to()} className={buttonClasses('primary', 'sm')}>
            Sign in
          </Link>
        )}
        <Menu
          label="User menu"
          triggerClassName={triggerClasses + ' bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}
          trigger={<UserIcon className="size-4" />}
        >
          <MenuItem onSelect={() => void navigate(paths.landing.to('about'))}>About</MenuItem>
          <MenuItem onSelect={() => void navigate(paths.landing.to('faq'))}>FAQ</MenuItem>
          <MenuItem onSelect={() => void navigate(paths.landing.to('pricing'))}>Pricing</MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={() => void navigate(paths.signIn.to())}>Sign Up or Log In</MenuItem>
        </Menu>
      </div>
    );
  }

  return (
    <>
      <Menu label="User menu" triggerClassName={triggerClasses} trigger={<Avatar email={user?.email} />}>
        <MenuLabel>
          <span className="flex items-center gap-3">
            <Avatar email={user?.email} className="size-9" />
            <span className="min-w-0">
              <span className="block max-w-52 truncate font-medium text-slate-900 dark:text-slate-50">
                {user?.email}
              </span>
              <span className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
                <span aria-hidden className="size-1.5 rounded-full bg-emerald-500" />
                Logged in
              </span>
            </span>
          </span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => void navigate(paths.landing.to())}>
          <HomeIcon className="size-4 text-slate-500" />
          Landing Page
        </MenuItem>
        <MenuItem onSelect={() => void navigate(paths.projects.to())}>
          <GridIcon className="size-4 text-slate-500" />
          Projects Home
        </MenuItem>
        <MenuItem
          onSelect={() => {
            setApiSettingsLoaded(true);
            setApiSettingsOpen(true);
          }}
        >
          <KeyIcon className="size-4 text-slate-500" />
          API Settings
        </MenuItem>
        <MenuItem onSelect={() => void navigate(paths.account.to())}>
          <UserIcon className="size-4 text-slate-500" />
          Account
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => void logout()}>
          <LogOutIcon className="size-4 text-slate-500" />
          Logout
        </MenuItem>
      </Menu>
      {apiSettingsLoaded || linkedOpen ? (
        <Suspense fallback={null}>
          <ApiConfigurationDialog open={apiSettingsOpen || linkedOpen} onOpenChange={setApiSettings} />
        </Suspense>
      ) : null}
    </>
  );
}
