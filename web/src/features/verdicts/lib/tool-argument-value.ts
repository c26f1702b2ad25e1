import { parseToolArgumentCheck } from '@promptgrid/contract';

/** A tool_arg_equals check's value as its two fields show it: the JSON path, and the wanted value as typed. */
export type ToolArgumentParts = { path: string; equals: string };

/** The fields of a stored value; a value that is not one yet shows empty fields. */
export function toolArgumentParts(value: string): ToolArgumentParts {
  const parsed = value.trim() === '' ? null : parseToolArgumentCheck(value);
  if (!parsed?.ok) return { path: '', equals: '' };
  const { path, equals } = parsed.check;
  return { path, equals: 'equals' in parsed.check ? JSON.stringify(equals) : '' };
}

/**
 * The value the API takes, as JSON: the wanted value read as JSON when it is JSON (3, true, "3"), else as the text it
 * is (Paris); an empty one leaves `equals` out, so the check compares with the expected output.
 */
export function toolArgumentValue({ path, equals }: ToolArgumentParts): string {
  if (path === '' && equals === '') return '';
  if (equals.trim() === '') return JSON.stringify({ path });
  let wanted: unknown = equals;
  try {
    wanted = JSON.parse(equals);
  } catch {
    // Plain text: compared as the text it is.
  }
  return JSON.stringify({ path, equals: wanted });
}
