import { plural } from './plural';

// The name a run gets when its user gives none: 'Evaluation' and the ISO time it started (the spec's default).
const DEFAULT_NAME = /^Evaluation (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$/;

/**
 * A run's name as the screens show it: the name its user gave, or in place of the default one, when and how big it
 * was, 'Dec 1, 22:23 · 4 prompts × 100 inputs' in the reader's time zone. The stored name stays the default.
 */
export function shownRunName(name: string, size: { prompts: number; inputs: number }): string {
  const started = DEFAULT_NAME.exec(name)?.[1];
  if (started === undefined) return name;
  const at = new Date(started);
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  const time = at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const prompts = plural(size.prompts, 'prompt');
  return `${day}, ${time} · ${size.inputs === 0 ? prompts : `${prompts} × ${plural(size.inputs, 'input')}`}`;
}
