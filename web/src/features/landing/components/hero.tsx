import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { HERO_SAMPLES } from '../lib/samples';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';

/** A static picture of the results grid: what the product does, at a glance. */
function ResultsPreview() {
  return (
    <div aria-hidden className="relative mx-auto mt-16 max-w-5xl">
      <div
        className={cn(
          'absolute -inset-x-8 -top-8 -bottom-8 -z-10 rounded-[2rem] bg-gradient-to-b',
          'from-blue-100/70 to-transparent blur-2xl dark:from-blue-950/60',
        )}
      />
      <div
        className={cn(
          'overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5',
          'dark:border-slate-800 dark:bg-slate-900',
        )}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-slate-200 dark:bg-slate-700" />
            <span className="size-2.5 rounded-full bg-slate-200 dark:bg-slate-700" />
            <span className="size-2.5 rounded-full bg-slate-200 dark:bg-slate-700" />
          </div>
          <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span>3 of 3</span>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
              Complete
            </span>
          </div>
        </div>
        <div className="grid gap-px bg-slate-200 sm:grid-cols-3 dark:bg-slate-800">
          {HERO_SAMPLES.map((column, index) => (
            <div
              key={column.name}
              className={
                index > 0 ? 'hidden bg-white p-4 sm:block dark:bg-slate-900' : 'bg-white p-4 dark:bg-slate-900'
              }
            >
              <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{column.name}</p>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{`${column.company} - ${column.modelName}`}</p>
              <div className="mt-3 flex gap-2 text-[11px] text-slate-600 dark:text-slate-400">
                <span className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">{column.time}</span>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">{column.tokens} out</span>
              </div>
              <p className="mt-4 text-left text-sm leading-6 whitespace-pre-line text-slate-700 dark:text-slate-300">
                {column.output}
              </p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function Hero({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden px-4 pt-16 pb-20 sm:px-6 sm:pt-24">
      <div className="mx-auto max-w-3xl text-center">
        <p
          className={cn(
            'inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1',
            'text-xs font-medium text-slate-600 dark:border-slate-800 dark:bg-slate-900',
            'dark:text-slate-300',
          )}
        >
          <span className="size-1.5 rounded-full bg-blue-600" />
          Public beta · OpenAI and Anthropic
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white"
        >
          Compare system prompts and models, side by side
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 dark:text-slate-400">
          Run every system prompt and model you choose against the same test inputs. Promptgrid lines up the outputs,
          response times and token counts, so you pick the winner on evidence.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onGetStarted} className="w-full sm:w-auto">
            Get Started
            <ArrowRightIcon className="size-4" />
          </Button>
          <Link
            to={paths.landing.to('howitworks')}
            className={cn(
              'inline-flex h-12 items-center rounded-md px-5 text-base font-medium text-slate-700',
              'hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            See how it works
          </Link>
        </div>
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          Free plan: 50 evaluations per month. No credit card needed.
        </p>
      </div>
      <ResultsPreview />
    </section>
  );
}
