import { z } from 'zod';

/** Ids are PostgreSQL `integer` (int4) columns: a larger number can name no row, and the database refuses it. */
export const ID_MAX = 2_147_483_647;
/** An id in a JSON body. */
export const BodyId = z.number().int().positive().max(ID_MAX, { error: 'Not a valid id.' });
/** An id in a path or query string (text, so coerced); also the id field of every entity. */
export const Id = z.coerce.number().int().positive().max(ID_MAX, { error: 'Not a valid id.' });
export const IdParams = z.object({ id: Id });
/** The path of a project's collection: /api/projects/:projectId/... */
export const ProjectIdParams = z.object({ projectId: Id });
export const Timestamp = z.iso.datetime({ offset: true });
/**
 * An update's precondition: the `updated_at` of the version the client edited. When the record was saved since (by
 * another tab or user), the update is refused with 409 and the record as it is now; left out, the update overwrites.
 */
export const SavedSince = z.iso
  .datetime({ offset: true, error: 'updated_at must be a date and time with its offset (ISO 8601).' })
  .optional();

const NO_NUL = /^[^\0]*$/;
/** Free text the database stores: PostgreSQL text cannot hold a NUL character, so it is refused here, as a 400. */
export const text = (label = 'Text') =>
  z.string().regex(NO_NUL, { error: `${label} must not contain a NUL character.` });

/** Required text: trimmed, not blank. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en-US')} characters.` })
    .regex(NO_NUL, { error: `${label} must not contain a NUL character.` });

/** 400 body: `{field: ["message"]}`, what the client turns into 'field: value'. */
export const ValidationErrorBody = z.record(z.string(), z.array(z.string()));
/** Any other error: `{detail: "message"}`. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
