import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LIMITS, type ApiKey, type Provider } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useDeleteApiKey } from '../api/delete-api-key';
import { deleteFailedMessage, PROVIDER_INFO, savedMessage } from '../lib/providers';
import { DashboardLink, ProviderKeyForm } from './provider-key-form';

type ProviderKeyCardProps = {
  provider: Provider;
  apiKey: ApiKey | null;
  loading?: boolean;
  /** Whether a key is typed in the card's field. */
  onDirtyChange?: (dirty: boolean) => void;
};

/** One provider's key: its state, and a masked field to add or replace it. */
export function ProviderKeyCard({ provider, apiKey, loading, onDirtyChange }: ProviderKeyCardProps) {
  const info = PROVIDER_INFO[provider];
  const fieldId = useId();
  const keyField = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteApiKey();

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), LIMITS.keySavedMessageMs);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const showField = !apiKey || replacing;
  const busy = remove.isPending;

  const removeKey = () => {
    if (!apiKey) return;
    setError(null);
    setSaved(false);
    remove.mutate(apiKey.id, { onError: () => setError(deleteFailedMessage(provider)) });
  };

  const active = Boolean(apiKey?.is_active);

  return (
    <section
      aria-labelledby={`${fieldId}-title`}
      className="rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-lg text-sm font-bold',
              provider === 'openai'
                ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                : 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
            )}
          >
            {info.monogram}
          </span>
          <h3 id={`${fieldId}-title`} className="text-base font-semibold text-slate-900 dark:text-slate-50">
            {info.label}
          </h3>
        </div>
        {loading ? (
          <span aria-hidden className="h-5 w-20 animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
        ) : apiKey ? (
          <Badge tone={active ? 'success' : 'warning'}>
            <span aria-hidden className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-amber-500')} />
            {active ? 'Active' : 'Inactive'}
          </Badge>
        ) : (
          <Badge>Not Configured</Badge>
        )}
      </div>

      {apiKey && !replacing ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Key ending in{' '}
            <span className="font-mono font-medium text-slate-900 dark:text-slate-100">{apiKey.last_four_digits}</span>
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                // The Replace button gives way to the key field: the focus follows, so keyboard users are not lost.
                flushSync(() => setReplacing(true));
                keyField.current?.focus();
              }}
              disabled={busy}
              aria-label={`Replace ${info.label} key`}
            >
              Replace
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
              onClick={removeKey}
              disabled={busy}
              aria-label={`Remove ${info.label} key`}
            >
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </div>
        </div>
      ) : null}
      {apiKey && !replacing ? (
        <p className="mt-3">
          <DashboardLink provider={provider} text="Manage your keys in the" />
        </p>
      ) : null}

      {showField && !loading ? (
        <ProviderKeyForm
          provider={provider}
          existing={apiKey}
          replacing={replacing}
          busy={remove.isPending}
          keyFieldRef={keyField}
          onCancel={() => {
            setReplacing(false);
            setError(null);
          }}
          onSaved={() => {
            setReplacing(false);
            setSaved(true);
          }}
          onError={setError}
          onDirtyChange={onDirtyChange}
        />
      ) : null}

      <div aria-live="polite" className="empty:hidden">
        {saved ? (
          <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <CheckIcon className="size-4" />
            {savedMessage(provider)}
          </p>
        ) : null}
      </div>
      {error ? <Banner className="mt-3">{error}</Banner> : null}
    </section>
  );
}
