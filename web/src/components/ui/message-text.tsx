import type { ComponentType, SVGProps } from 'react';
import { AlertTriangleIcon, SparklesIcon, XCircleIcon } from './icons';

/** The emoji the product's messages start with, and the icon drawn for each (a plain Linux has no emoji font). */
const LEADING: [string, ComponentType<SVGProps<SVGSVGElement>>][] = [
  ['✨', SparklesIcon],
  ['⚠️', AlertTriangleIcon],
  ['❌', XCircleIcon],
];

/**
 * A message as the product words it, its leading emoji drawn as an icon: the text stays the same for screen readers
 * and copy, the emoji itself is kept out of sight.
 */
export function MessageText({ text }: { text: string }) {
  const leading = LEADING.find(([emoji]) => text.startsWith(emoji));
  if (!leading) return <>{text}</>;
  const [emoji, Icon] = leading;
  return (
    <span className="inline-flex items-start gap-2">
      <Icon className="mt-0.5 shrink-0" />
      <span>
        <span className="sr-only">{emoji}</span>
        {text.slice(emoji.length)}
      </span>
    </span>
  );
}
