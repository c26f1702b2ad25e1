import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';

/** E-mail sign-in for local development and tests (shown only when the server allows it). */
export function DevSignInForm({
  onSubmit,
  disabled,
  busyLabel,
}: {
  onSubmit: (email: string) => void;
  disabled?: boolean;
  /** Shown inside the button while signing in (no line of the card is kept free for it). */
  busyLabel?: ReactNode;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError('Enter your e-mail address.');
      return;
    }
    setError(null);
    onSubmit(value);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Development sign-in">
      <Field label="Email address" error={error} hint="Development sign-in is enabled on this server.">
        {(props) => (
          <TextInput
            {...props}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={disabled}>
        {busyLabel ?? 'Sign in with email'}
      </Button>
    </form>
  );
}
