import { z } from 'zod';
import { text } from './common.js';

/** DELETE /api/account/: the user types their e-mail address to confirm. */
export const DeleteAccountInput = z.object({
  email: text('E-mail').max(320, { error: 'Type the e-mail address of this account to confirm.' }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
