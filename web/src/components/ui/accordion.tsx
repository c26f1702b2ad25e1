import type { ReactNode } from 'react';
import { Accordion as RadixAccordion } from 'radix-ui';
import { ChevronDownIcon } from './icons';
import { cn } from '@/lib/cn';

export type AccordionEntry = { id: string; title: string; content: ReactNode };

/** A single-open, collapsible accordion (Radix): each title is a button with aria-expanded. */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionEntry[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className={cn(
        'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white',
        'dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id}>
          <RadixAccordion.Header asChild>
            <div role="heading" aria-level={headingLevel}>
              <RadixAccordion.Trigger
                className={cn(
                  'group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm',
                  'font-medium text-slate-900 hover:bg-slate-50 focus-visible:-outline-offset-2 sm:text-base',
                  'dark:text-slate-100 dark:hover:bg-slate-800/60',
                )}
              >
                {item.title}
                <ChevronDownIcon
                  className={cn(
                    'size-4 shrink-0 text-slate-500 transition-transform duration-200',
                    'group-data-[state=open]:rotate-180',
                  )}
                />
              </RadixAccordion.Trigger>
            </div>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="overflow-hidden px-5 pb-5 text-sm leading-6 text-slate-600 dark:text-slate-300">
            {item.content}
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
