/**
 * A rule's decision on one output: pass or fail, score 1 or 0, and a one-line reason a person can read; or, when the
 * rule could not decide on this output (its regex search ran out of time, its schema threw), an error saying why.
 */
export type RuleVerdict =
  { pass: boolean; score: number; reason: string } | { pass: null; score: null; reason: string; error: string };

export const verdict = (pass: boolean, reason: string): RuleVerdict => ({ pass, score: pass ? 1 : 0, reason });
export const errorVerdict = (error: string): RuleVerdict => ({ pass: null, score: null, reason: '', error });

/** Quoted for a reason line, cut short so a long needle does not fill the badge. */
export const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
