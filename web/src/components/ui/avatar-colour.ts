/** The eight avatar colours, one picked per user; each pair keeps white text readable. */
export const AVATAR_COLOURS = [
  'bg-blue-600',
  'bg-emerald-600',
  'bg-violet-600',
  'bg-rose-600',
  'bg-amber-600',
  'bg-cyan-600',
  'bg-fuchsia-600',
  'bg-indigo-600',
] as const;

export type AvatarColour = (typeof AVATAR_COLOURS)[number];

/**
 * One of the eight colours, chosen by the e-mail (a 32-bit FNV-1a hash of it, lower-cased): spread like a random
 * pick over many users, but the same colour for one user on every load.
 */
export function avatarColourFor(email: string | null | undefined): AvatarColour {
  let hash = 0x811c9dc5;
  for (const char of (email ?? '').trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!; // a remainder of the length is an index of the list
}

/** The avatar's letter: the first letter of the e-mail, upper-cased ('?' when there is none). */
export function avatarLetter(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
