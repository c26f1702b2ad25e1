/**
 * Clears one field's error once its new value passes that field's rule, so a message and red border from the last
 * submit do not outlive the mistake. Returns the same object when nothing changes (no extra render).
 */
export function clearFixedError<E extends Partial<Record<string, string | null | undefined>>>(
  errors: E,
  field: keyof E,
  stillInvalid: string | null | undefined,
): E {
  if (!errors[field] || stillInvalid) return errors;
  return { ...errors, [field]: undefined };
}

/** The rule shared by every required text field: something other than white space. */
export const requiredError = (value: string, message: string): string | undefined =>
  value.trim() ? undefined : message;
