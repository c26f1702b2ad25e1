import { TextToggle } from '@/components/ui/text-toggle';
import type { ResultsLayout } from '../hooks/use-results-layout';

const LAYOUTS = [
  { value: 'cards', label: 'Cards' },
  { value: 'matrix', label: 'Matrix' },
] as const;

/** Cards (one input at a time) or the matrix (every input against every system prompt). */
export function LayoutToggle({ value, onChange }: { value: ResultsLayout; onChange: (layout: ResultsLayout) => void }) {
  return <TextToggle label="Results layout" options={LAYOUTS} value={value} onChange={onChange} />;
}
