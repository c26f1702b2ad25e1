import { useId, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CreateApiKeyInput, type ApiKey, type Provider } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { useReportDirty } from '@/components/ui/discard-guard';
import { inputClasses, FieldError } from '@/components/ui/field';
import { ExternalLinkIcon, EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { contractResolver, placeServerErrors } from '@/lib/contract-form';
import { useSaveApiKey } from '../api/save-api-key';
import { PROVIDER_INFO, saveFailedMessage } from '../lib/providers';

/** The provider's key page; the last word and the icon never part, so the icon cannot wrap onto a line of its own. */
export function DashboardLink({ provider, text }: { provider: Provider; text: string }) {
  const info = PROVIDER_INFO[provider];
  const full = `${text} ${info.dashboardName}`;
  const cut = full.lastIndexOf(' ');
  return (
    <a
      href={info.dashboardUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded text-sm text-blue-700 hover:underline dark:text-blue-400"
    >
      {full.slice(0, cut + 1)}
      <span className="whitespace-nowrap">
        {full.slice(cut + 1)}
        <ExternalLinkIcon className="ml-1 inline size-3.5 align-[-2px]" />
      </span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

const KeyInput = CreateApiKeyInput.pick({ key: true });
type KeyValues = { key: string };

type Props = {
  provider: Provider;
  /** The stored key this one replaces, if any. */
  existing: ApiKey | null;
  replacing: boolean;
  /** Another action on the key is under way. */
  busy: boolean;
  keyFieldRef: RefObject<HTMLInputElement | null>;
  onCancel: () => void;
  onSaved: () => void;
  /** What the card's banner says: a failure that belongs to no field, or null to clear it. */
  onError: (message: string | null) => void;
  /** Whether a key is typed, for the dialog to ask before closing over it. */
  onDirtyChange?: (dirty: boolean) => void;
};

/** The masked field that adds or replaces a provider's key, checked by the contract's rules for a key. */
export function ProviderKeyForm({
  provider,
  existing,
  replacing,
  busy,
  keyFieldRef,
  onCancel,
  onSaved,
  onError,
  onDirtyChange,
}: Props) {
  const info = PROVIDER_INFO[provider];
  const fieldId = useId();
  const [visible, setVisible] = useState(false);
  const save = useSaveApiKey();
  const form = useForm<KeyValues>({
    defaultValues: { key: '' },
    resolver: contractResolver<KeyValues>(KeyInput),
  });
  const key = useWatch({ control: form.control, name: 'key' });
  useReportDirty(key.trim() !== '', onDirtyChange);
  const error = form.formState.errors.key?.message;
  const registration = form.register('key');

  const submit = form.handleSubmit(async (values) => {
    onError(null);
    try {
      await save.mutateAsync({ provider, key: values.key.trim(), existing });
      form.reset();
      setVisible(false);
      onSaved();
    } catch (failure) {
      const rest = placeServerErrors(failure, form.setError, (field) => (field === 'key' ? 'key' : null));
      if (rest !== null)
        onError(
          rest ??
            (failure instanceof ApiError && failure.message !== 'An error occurred'
              ? failure.message
              : saveFailedMessage(provider)),
        );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-3">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {replacing ? `New ${info.label} API key` : `${info.label} API key`}
      </label>
      <div className="relative">
        <input
          id={fieldId}
          {...registration}
          ref={(element) => {
            registration.ref(element);
            keyFieldRef.current = element;
          }}
          type={visible ? 'text' : 'password'}
          placeholder={info.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={cn(inputClasses, 'pr-11 font-mono')}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide key' : 'Show key'}
          aria-pressed={visible}
          aria-controls={fieldId}
          className={cn(
            'absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md',
            'text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
          )}
        >
          {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        </button>
      </div>
      <FieldError id={`${fieldId}-error`}>{error}</FieldError>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-3">
        <DashboardLink provider={provider} text="Get a key from the" />
        <div className="flex gap-2">
          {replacing ? (
            <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy || save.isPending}>
              Cancel
            </Button>
          ) : null}
          {key.trim() ? (
            <Button size="sm" type="submit" disabled={busy || save.isPending}>
              {save.isPending ? 'Saving...' : `Save ${info.label} Key`}
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
