import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useDeleteAccount } from '../api/delete-account';

/** The account page's last section: deletes the account after the user types its e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const deletion = useDeleteAccount(() => void logout());
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();
  const error = deletion.isError
    ? `Failed to delete account${deletion.error instanceof ApiError ? `: ${deletion.error.message.replace(/^detail: /, '')}` : ''}`
    : null;

  return (
    <section
      aria-labelledby="delete-account-title"
      className="mt-6 rounded-xl border border-red-200 bg-white p-6 dark:border-red-900/60 dark:bg-slate-900"
    >
      <h2 id="delete-account-title" className="text-sm font-semibold text-slate-900 dark:text-slate-50">
        Delete account
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
        Deletes your projects, prompts, inputs, evaluations and stored API keys, and cancels a Standard subscription.
        This cannot be undone.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setTyped('');
            setTried(false);
          }
        }}
        title="Delete account"
        saving={deletion.isPending}
        submitLabel={deletion.isPending ? 'Deleting...' : 'Delete account permanently'}
        submitVariant="danger"
        saveError={error}
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (confirmed) deletion.mutate({ email: typed.trim() });
        }}
      >
        <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">
          Everything in this account is deleted for good, and a Standard subscription is cancelled at once.
        </p>
        <Field
          label={`Type ${email} to confirm`}
          error={tried && !confirmed ? 'This is not the e-mail address of this account.' : null}
        >
          {(props) => (
            <TextInput
              {...props}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>
      </FormDialog>
    </section>
  );
}
