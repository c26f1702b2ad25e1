import { useEffect, useRef, useState } from 'react';
import type { User } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Logo } from '@/components/ui/logo';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { devSignIn } from '../api/dev-sign-in';
import { postGoogleCredential } from '../api/google-sign-in';
import { signInErrorMessage, SignInFailure } from '../lib/sign-in-errors';
import { useCompleteSignIn, useRedirectSignedIn } from '../lib/use-complete-sign-in';
import { GoogleSignInButton } from './google-sign-in-button';
import { DevSignInForm } from './dev-sign-in-form';

/** 'Signing you in...' with a spinner; announced when it appears. */
function SigningIn() {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm font-medium">
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80"
      />
      Signing you in...
    </span>
  );
}

/** The welcome card of /signin: Google's button, the dev e-mail form when on, 'Signing you in...' while busy. */
export function SignInCard({ returnTo }: { returnTo?: string | null }) {
  const { isAuthenticated } = useAuth();
  const config = usePublicConfig();
  const completeSignIn = useCompleteSignIn(returnTo);
  const redirectSignedIn = useRedirectSignedIn(returnTo);
  // Where 'Signing you in...' shows: in the area of the button that was used, so no line is reserved for it.
  const [busy, setBusy] = useState<'google' | 'email' | 'redirect' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

  // An already signed-in visitor is checked and sent on like a fresh sign-in.
  const redirected = useRef(false);
  useEffect(() => {
    if (!isAuthenticated || redirected.current || busyRef.current) return;
    redirected.current = true;
    setBusy('redirect');
    void redirectSignedIn();
  }, [isAuthenticated, redirectSignedIn]);

  const run = async (via: 'google' | 'email', signIn: () => Promise<User>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(via);
    setError(null);
    try {
      const user = await signIn();
      await completeSignIn(user);
    } catch (failure) {
      setError(signInErrorMessage(failure));
      busyRef.current = false;
      setBusy(null);
    }
  };

  // `run` shows every failure in the card, so its promise carries nothing to handle.
  const signInWithEmail = (email: string) =>
    void run('email', async () => {
      const response = await devSignIn(email);
      if (response?.status !== 'success' || !response.user)
        throw new SignInFailure(response?.message || 'Login failed');
      return response.user;
    });

  const googleClientId = config.data?.google_client_id ?? null;
  const devLogin = config.data?.dev_login ?? false;
  // An already signed-in visitor used no button: the message goes to the e-mail button, else to Google's.
  const busyAt = busy === 'redirect' ? (devLogin ? 'email' : googleClientId ? 'google' : 'none') : busy;

  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Logo withWord={false} className="[&_svg]:size-10" />
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">
        Welcome to Promptgrid
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
        Sign in to compare system prompts and models side by side. New here? Signing in creates your account.
      </p>

      {error ? <Banner className="mt-4">{error}</Banner> : null}

      <div className="mt-6 space-y-5">
        {config.isPending ? (
          busy ? (
            <div className="flex h-11 items-center justify-center">
              <SigningIn />
            </div>
          ) : (
            <div aria-hidden className="h-11 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
          )
        ) : config.isError ? (
          <Banner>Could not reach the server. Please try again.</Banner>
        ) : (
          <>
            {googleClientId ? (
              <div className="relative">
                <GoogleSignInButton
                  clientId={googleClientId}
                  onCredential={(credential) => void run('google', () => postGoogleCredential(credential))}
                  onError={(message) => setError(message)}
                />
                {busyAt === 'google' ? (
                  <div className="absolute inset-0 flex items-center justify-center rounded-md bg-white/95 dark:bg-slate-900/95">
                    <SigningIn />
                  </div>
                ) : null}
              </div>
            ) : null}
            {googleClientId && devLogin ? (
              <div className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                or
                <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
              </div>
            ) : null}
            {devLogin ? (
              <DevSignInForm
                onSubmit={signInWithEmail}
                disabled={busy !== null}
                busyLabel={busyAt === 'email' ? <SigningIn /> : null}
              />
            ) : null}
            {!googleClientId && !devLogin ? (
              busyAt === 'none' ? (
                <SigningIn />
              ) : (
                <Banner tone="info">
                  Sign-in is not configured on this server: set GOOGLE_CLIENT_ID to enable Google sign-in.
                </Banner>
              )
            ) : null}
          </>
        )}
      </div>

      <p className="mt-8 border-t border-slate-100 pt-5 text-xs leading-5 text-slate-500 dark:border-slate-800 dark:text-slate-400">
        Free plan: 50 evaluations per month. Your API keys are encrypted and never shown again in full.
      </p>
    </div>
  );
}
