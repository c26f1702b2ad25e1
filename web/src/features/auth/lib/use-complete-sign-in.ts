import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@promptgrid/contract';
import { useAuth } from '@/lib/auth';
import { checkSubscription } from '@/lib/api/check-subscription';
import { signInDestination } from './sign-in-outcome';
import { paths } from '@/lib/paths';

/**
 * Finishes a sign-in: checks the subscription, stores the user (login goes to /projects),
 * and moves on to /landing in the same tick when the subscription is not active.
 */
export function useCompleteSignIn(returnTo?: string | null) {
  const { login } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (user: User) => {
      const destination = await signInDestination(checkSubscription, returnTo);
      login(user);
      if (destination !== paths.projects.to()) await navigate(destination, { replace: true });
    },
    [login, navigate, returnTo],
  );
}

/** For a user who is already signed in when arriving at /signin: the same check and redirect. */
export function useRedirectSignedIn(returnTo?: string | null) {
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate(await signInDestination(checkSubscription, returnTo), { replace: true });
  }, [navigate, returnTo]);
}
