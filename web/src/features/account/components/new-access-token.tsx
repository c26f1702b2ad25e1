import { useState } from 'react';
import type { CreatedAccessToken } from '@promptgrid/contract';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextInput } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { requiredError } from '@/lib/field-errors';
import { useCreateAccessToken } from '../api/access-tokens';

/** The server's message for one field of a refused token, if it named that field. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? ((error.body as Record<string, string[]> | null)?.[field]?.[0] ?? null) : null;

/** 'Create token': a name and an optional expiry date; then the token itself, once, with a copy button. */
export function NewAccessToken() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const creation = useCreateAccessToken();

  const close = () => {
    setOpen(false);
    setName('');
    setExpiresOn('');
    setNameError(null);
    creation.reset();
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Create token
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Create API token"
        saving={creation.isPending}
        submitLabel={creation.isPending ? 'Creating...' : 'Create token'}
        saveError={creation.isError && !fieldError(creation.error, 'expires_at') ? 'Failed to create the token' : null}
        onSubmit={(event) => {
          event.preventDefault();
          const missing = requiredError(name, 'Name is required.') ?? null;
          setNameError(missing);
          if (missing) return;
          // The end of the chosen day, in the user's time zone.
          const expires_at = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null;
          creation.mutate(
            { name: name.trim(), expires_at },
            {
              onSuccess: (token) => {
                close();
                setCreated(token);
              },
            },
          );
        }}
      >
        <Field label="Name" required error={nameError ?? fieldError(creation.error, 'name')}>
          {(props) => (
            <TextInput
              {...props}
              value={name}
              placeholder="GitHub Actions"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Expires on (optional)"
          hint="Without a date the token works until you revoke it."
          error={fieldError(creation.error, 'expires_at')}
        >
          {(props) => (
            <TextInput
              {...props}
              type="date"
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
            />
          )}
        </Field>
      </FormDialog>
      <Dialog
        open={created !== null}
        onOpenChange={(next) => (next ? undefined : setCreated(null))}
        title="Your new API token"
        description="Copy it now: it is not shown again. Scripts send it as Authorization: Bearer <token>."
        footer={<Button onClick={() => setCreated(null)}>Done</Button>}
      >
        {created ? (
          <div className="flex items-center gap-2">
            <code
              aria-label="New API token"
              className={cn(
                'min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900',
                'dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {created.token}
            </code>
            <CopyButton text={created.token} label="Copy token" />
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
