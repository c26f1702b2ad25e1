import { useState } from 'react';
import type { Check, Input } from '@promptgrid/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { EXPECTED_CHECK_NAME, useCreateExpectedCheck, type ExpectedComparison } from '../api/create-expected-check';

const COMPARISONS: { value: ExpectedComparison; label: string }[] = [
  { value: 'ignore_case', label: 'Ignore case and surrounding whitespace' },
  { value: 'exact', label: 'Exact' },
  { value: 'contains', label: 'Contains the expected output' },
];

export type ExpectedCheckOffer = ReturnType<typeof useExpectedCheckOffer>;

/**
 * A project whose user prompts have expected outputs but which has no checks yet is offered one that compares each
 * output with the expected output, ticked: a first run then has pass rates without a visit to the checks panel.
 * `createIfTicked` saves it just before the run starts, so the run is scored by it.
 */
export function useExpectedCheckOffer(projectId: string, inputs: Input[] | undefined, checks: Check[] | undefined) {
  const [ticked, setTicked] = useState(true);
  const [comparison, setComparison] = useState<ExpectedComparison>('ignore_case');
  const create = useCreateExpectedCheck(projectId);
  const offered =
    checks !== undefined && checks.length === 0 && (inputs ?? []).some((input) => input.expected_output !== null);
  return {
    offered,
    ticked,
    setTicked,
    comparison,
    setComparison,
    createIfTicked: async () => {
      if (offered && ticked) await create.mutateAsync(comparison);
    },
  };
}

/** The offer itself: the check ticked, and how it compares. */
export function ExpectedCheckOfferField({ offer }: { offer: ExpectedCheckOffer }) {
  if (!offer.offered) return null;
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row',
        'sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <Checkbox
        checked={offer.ticked}
        onCheckedChange={offer.setTicked}
        description="Your user prompts have expected outputs: each output passes or fails against its own."
      >
        {EXPECTED_CHECK_NAME}
      </Checkbox>
      <label className="flex items-center gap-2 text-sm">
        Comparison
        <select
          className={inputClasses + ' w-auto'}
          value={offer.comparison}
          disabled={!offer.ticked}
          onChange={(event) => offer.setComparison(event.target.value as ExpectedComparison)}
        >
          {COMPARISONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
