import { LIMITS, STANDARD_PLAN } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { SectionHeading } from './section-heading';
import { cn } from '@/lib/cn';

type PricingProps = {
  onStartFree: () => void;
  onGetStarted: () => void;
  busy?: boolean;
  error?: string | null;
  detail?: string | null;
};

const FREE_FEATURES = [
  `${LIMITS.freeEvaluationsPerMonth} evaluations per month`,
  'OpenAI and Anthropic models',
  'Side-by-side results',
  'JSON export',
];
const STANDARD_FEATURES = ['Unlimited evaluations', 'Priority support', 'Advanced analytics', 'Everything in Free'];

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-6 space-y-3 text-sm text-slate-700 dark:text-slate-300">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-blue-600 dark:text-blue-400" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Pricing({ onStartFree, onGetStarted, busy, error, detail }: PricingProps) {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 border-t border-slate-200 px-4 py-20 sm:px-6 sm:py-24 dark:border-slate-800"
    >
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Start free, upgrade when you need more">
          Bring your own API keys. Provider usage is billed by the provider.
        </SectionHeading>

        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          <article
            aria-labelledby="plan-free"
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 id="plan-free" className="text-lg font-semibold text-slate-900 dark:text-white">
              Free
            </h3>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">$0</span>
              <span className="text-sm text-slate-500 dark:text-slate-400">per month</span>
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {LIMITS.freeEvaluationsPerMonth} evaluations per month to try it on real work.
            </p>
            <FeatureList items={FREE_FEATURES} />
            <Button variant="secondary" size="lg" className="mt-8 w-full" onClick={onStartFree}>
              Start for free
            </Button>
          </article>

          <article
            aria-labelledby="plan-standard"
            className={cn(
              'relative flex flex-col rounded-2xl border-2 border-blue-600 bg-white p-8 shadow-lg',
              'shadow-blue-600/10 dark:bg-slate-900',
            )}
          >
            <span className="absolute -top-3 left-8 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
              Most popular
            </span>
            <h3 id="plan-standard" className="text-lg font-semibold text-slate-900 dark:text-white">
              {STANDARD_PLAN.name}
            </h3>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
                {STANDARD_PLAN.priceLabel}
              </span>
              <span className="text-sm text-slate-500 dark:text-slate-400">per month</span>
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              For teams that evaluate every prompt change.
            </p>
            <FeatureList items={STANDARD_FEATURES} />
            <Button size="lg" className="mt-8 w-full" onClick={onGetStarted} disabled={busy}>
              {busy ? 'Redirecting...' : 'Get Started'}
            </Button>
            {error ? (
              <Banner className="mt-4">
                <p className="font-medium">{error}</p>
                {detail ? <p className="mt-0.5 text-xs opacity-80">{detail}</p> : null}
              </Banner>
            ) : null}
          </article>
        </div>
      </div>
    </section>
  );
}
