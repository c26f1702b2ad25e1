/** The few Google Identity Services calls we use (https://developers.google.com/identity/gsi/web). */
type GoogleId = {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
    auto_select?: boolean;
  }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
  disableAutoSelect: () => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleId> | null = null;

/** Loads the Google Identity Services script once, on demand (never on pages that do not need it). */
export function loadGoogleIdentity(): Promise<GoogleId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in did not start.'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
