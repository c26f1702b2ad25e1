import { HttpError } from './errors.js';

/**
 * Whether a record was saved after the version a client edited: `savedSince` is the `updated_at` the client read (to
 * the millisecond, as the API gives it), `updatedAt` the stored one. Without `savedSince` (clients that send none)
 * nothing is compared and the update overwrites.
 */
export const changedSince = (savedSince: string | undefined, updatedAt: Date) =>
  savedSince !== undefined && Date.parse(savedSince) !== updatedAt.getTime();

/** The 409 of an update that would overwrite another save unseen; it carries the record as saved, to show or overwrite. */
export function editConflict(what: string, current: unknown) {
  const detail =
    `This ${what} was changed elsewhere (in another tab or window) after you opened it. ` +
    'Load the saved version, or overwrite it with yours.';
  return new HttpError(409, detail, { detail, current });
}
