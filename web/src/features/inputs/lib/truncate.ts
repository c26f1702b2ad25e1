import { LIMITS } from '@promptgrid/contract';

/** Card preview: content over 100 characters shows its first 70 plus ' ...'. */
export function truncateContent(
  content: string,
  over: number = LIMITS.inputCardTruncateOver,
  to: number = LIMITS.inputCardTruncateTo,
): string {
  return content.length > over ? `${content.slice(0, to)} ...` : content;
}

/** EXPAND/HIDE appears for multi-line or long content. */
export function canExpand(content: string, over: number = LIMITS.inputCardTruncateOver): boolean {
  return content.length > over || content.includes('\n');
}

/** Collapsed view of a card: the length rule first; short multi-line content shows its first line. */
export function collapsedContent(content: string): string {
  if (content.length > LIMITS.inputCardTruncateOver) return truncateContent(content);
  const lines = content.split('\n');
  return lines.length > 1 ? `${lines[0]} ...` : content;
}
