import { useState } from 'react';
import type { AccessToken } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAccessTokens, useRevokeAccessToken } from '../api/access-tokens';
import { NewAccessToken } from './new-access-token';

const day = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString() : none);

/** Account settings' API tokens: what scripts and the promptgrid CLI sign in with; created, listed and revoked here. */
export function AccessTokens() {
  const tokens = useAccessTokens();
  const revocation = useRevokeAccessToken();
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  return (
    <section
      aria-labelledby="access-tokens-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="access-tokens-title" className="text-sm font-semibold text-slate-900 dark:text-slate-50">
          API tokens
        </h2>
        <NewAccessToken />
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
        Scripts and CI use the API as you with a token (the promptgrid CLI reads it from PROMPTGRID_TOKEN). A token
        cannot manage tokens, billing or this account.
      </p>
      {tokens.isError ? <Banner className="mt-4">Unable to load your API tokens</Banner> : null}
      {tokens.data?.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No API tokens yet.</p>
      ) : null}
      {tokens.data?.length ? (
        <ul aria-label="API tokens" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900 dark:text-slate-50">
                  {token.name} <span className="font-normal text-slate-500">ending in {token.last_four}</span>
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  Created {day(token.created_at, '')} · Last used {day(token.last_used_at, 'never')} · Expires{' '}
                  {day(token.expires_at, 'never')}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(next) => {
          if (!next) {
            setRevoking(null);
            revocation.reset();
          }
        }}
        title="Revoke token"
        message={`Scripts using "${revoking?.name ?? ''}" stop working at once. This cannot be undone.`}
        confirmLabel={revocation.isPending ? 'Revoking...' : 'Revoke token'}
        destructive
        busy={revocation.isPending}
        error={revocation.isError ? 'Failed to revoke the token' : null}
        onConfirm={() => revoking && revocation.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </section>
  );
}
