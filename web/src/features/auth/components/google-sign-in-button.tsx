import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadGoogleIdentity } from '../lib/google-identity';

type GoogleSignInButtonProps = {
  clientId: string;
  onCredential: (credential: string) => void;
  onError: (message: string) => void;
};

/** Google's own sign-in button (Identity Services), rendered into a box of fixed height so nothing shifts. */
export function GoogleSignInButton({ clientId, onCredential, onError }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  // Google calls back long after the button was drawn: answer with the handlers of the latest render.
  const signedIn = useEffectEvent((credential: string | undefined) =>
    credential ? onCredential(credential) : onError('Login failed'),
  );
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        if (cancelled || !container.current) return;
        google.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => signedIn(credential),
        });
        const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
        google.renderButton(container.current, {
          type: 'standard',
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(320, container.current.clientWidth || 320),
        });
      },
      (error: Error) => !cancelled && setFailed(error.message),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return (
    <div className="flex h-11 items-center justify-center">
      {failed ? (
        <p className="text-sm text-red-700 dark:text-red-400">{failed}</p>
      ) : (
        <div ref={container} className="w-full max-w-80" data-testid="google-sign-in" />
      )}
    </div>
  );
}
