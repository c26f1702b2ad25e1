import { z } from 'zod';

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });
export const Timestamp = z.iso.datetime({ offset: true });

/** Required text: trimmed, not blank. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** 400 body: `{field: ["message"]}`, what the client turns into 'field: value'. */
export const ValidationErrorBody = z.record(z.string(), z.array(z.string()));
/** Any other error: `{detail: "message"}`. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
