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

/** One of the eight colours, chosen by `random` (0 <= r < 1; Math.random by default). */
export function pickAvatarColour(random: () => number = Math.random): AvatarColour {
  const index = Math.min(AVATAR_COLOURS.length - 1, Math.max(0, Math.floor(random() * AVATAR_COLOURS.length)));
  return AVATAR_COLOURS[index]!;
}

/** The avatar's letter: the first letter of the e-mail, upper-cased ('?' when there is none). */
export function avatarLetter(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
