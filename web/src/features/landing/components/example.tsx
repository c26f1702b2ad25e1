import { EXAMPLE_MODELS } from '../lib/samples';
import { SectionHeading } from './section-heading';
import { cn } from '@/lib/cn';

const INPUT =
  'The Supplier may terminate this Agreement with thirty (30) days written notice if the ' +
  'Customer fails to pay any undisputed invoice within sixty (60) days of its due date. ' +
  'Termination does not relieve the Customer of its obligation to pay fees accrued before the ' +
  'termination date.';

const OUTPUTS = [
  {
    name: 'Plain-English summary',
    model: `openai - ${EXAMPLE_MODELS.openai}`,
    settings: 'temperature 0',
    prompt: 'You are a paralegal. Summarize the clause in plain English for a non-lawyer, in two sentences.',
    output:
      'If the customer leaves an undisputed invoice unpaid for 60 days past its due date, the ' +
      'supplier can end the contract with 30 days’ written notice. Ending the contract does not ' +
      'cancel what the customer already owes.',
    time: '1.42 s',
    tokens: '118 in · 52 out',
  },
  {
    name: 'Risk-focused summary',
    model: `anthropic - ${EXAMPLE_MODELS.anthropic}`,
    settings: 'temperature 0.2',
    prompt: 'You review contracts for the customer. List the risks in this clause and who bears them.',
    output:
      '• Termination risk (customer): 60 days of non-payment on an undisputed invoice lets the ' +
      'supplier exit on 30 days’ notice.\n• Payment risk (customer): fees accrued before ' +
      'termination stay due.\n• Note: disputed invoices do not trigger the right.',
    time: '1.87 s',
    tokens: '121 in · 71 out',
  },
];

export function Example() {
  return (
    <section
      id="example"
      aria-labelledby="example-title"
      className="scroll-mt-20 border-t border-slate-200 px-4 py-20 sm:px-6 sm:py-24 dark:border-slate-800"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="example-title" eyebrow="Example" title="A legal summarizer, two ways">
          One contract clause as the user prompt, two system prompts on two models. Which summary would your users
          rather read?
        </SectionHeading>

        <div className="mt-12 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            User prompt
          </p>
          <p className="mt-2 font-mono text-sm leading-6 text-slate-700 dark:text-slate-300">{INPUT}</p>
        </div>

        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {OUTPUTS.map((result) => (
            <article
              key={result.name}
              aria-label={result.name}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold text-slate-900 dark:text-white">{result.name}</h3>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {result.model} · {result.settings}
                </span>
              </div>
              <p
                className={cn(
                  'mt-3 rounded-lg bg-slate-50 px-3 py-2 text-xs leading-5 text-slate-600 italic',
                  'dark:bg-slate-800/60 dark:text-slate-400',
                )}
              >
                {result.prompt}
              </p>
              <p className="mt-4 flex-1 text-sm leading-6 whitespace-pre-line text-slate-800 dark:text-slate-200">
                {result.output}
              </p>
              <div
                className={cn(
                  'mt-5 flex gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600',
                  'dark:border-slate-800 dark:text-slate-400',
                )}
              >
                <span className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">{result.time}</span>
                <span className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">{result.tokens}</span>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
