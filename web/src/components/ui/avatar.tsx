import { cn } from '@/lib/cn';
import { avatarColourFor, avatarLetter } from './avatar-colour';

/** A round avatar with the e-mail's first letter, in the colour its e-mail gives (the same on every load). */
export function Avatar({ email, className }: { email: string | null | undefined; className?: string }) {
  const colour = avatarColourFor(email);
  return (
    <span
      aria-hidden
      data-colour={colour}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white select-none',
        colour,
        className,
      )}
    >
      {avatarLetter(email)}
    </span>
  );
}
