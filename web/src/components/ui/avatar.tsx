import { useState } from 'react';
import { cn } from '@/lib/cn';
import { avatarLetter, pickAvatarColour, type AvatarColour } from './avatar-colour';

/** A round avatar with the e-mail's first letter, in the given colour or one picked at random once per mount. */
export function Avatar({
  email,
  colour: given,
  className,
}: {
  email: string | null | undefined;
  colour?: AvatarColour;
  className?: string;
}) {
  const [picked] = useState(() => given ?? pickAvatarColour());
  const colour = given ?? picked;
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
