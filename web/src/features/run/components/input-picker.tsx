import { useId, useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { seededSample } from '../lib/sample';

type Props = {
  projectId: string;
  /** The active user prompts. */
  inputs: Input[];
  onSelect: (ids: Set<number>) => void;
};

const matches = (input: Input, text: string) =>
  [input.name, input.content, input.expected_output ?? ''].some((field) => field.toLowerCase().includes(text));

/**
 * Two quick ways to choose the user prompts of a run: those a search finds, or a random sample of N, seeded by the
 * project, so running the same sample again runs the same user prompts.
 */
export function InputPicker({ projectId, inputs, onSelect }: Props) {
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState('');
  const [size, setSize] = useState('20');
  const text = search.trim().toLowerCase();
  const found = text ? inputs.filter((input) => matches(input, text)) : [];
  const sampleSize = Number(size);
  const sampleValid = Number.isInteger(sampleSize) && sampleSize >= 1;
  const label = 'block text-sm font-medium text-slate-700 dark:text-slate-200';
  return (
    <div
      role="group"
      aria-label="Choose user prompts"
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={searchId} className={label}>
          Find user prompts
        </label>
        <div className="flex gap-2">
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, content or expected output"
            className={inputClasses}
          />
          <Button
            variant="secondary"
            disabled={found.length === 0}
            onClick={() => onSelect(new Set(found.map((input) => input.id)))}
          >
            {text ? `Select ${found.length} found` : 'Select found'}
          </Button>
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={sizeId} className={label}>
          Random sample of
        </label>
        <div className="flex gap-2">
          <input
            id={sizeId}
            type="number"
            min={1}
            step={1}
            value={size}
            onChange={(event) => setSize(event.target.value)}
            aria-invalid={sampleValid ? undefined : true}
            className={cn(inputClasses, 'w-24')}
          />
          <Button
            variant="secondary"
            disabled={!sampleValid || inputs.length === 0}
            onClick={() =>
              onSelect(
                new Set(
                  seededSample(
                    inputs.map((input) => input.id),
                    sampleSize,
                    `project ${projectId}`,
                  ),
                ),
              )
            }
          >
            Sample
          </Button>
        </div>
      </div>
    </div>
  );
}
