import { SectionHeading } from './section-heading';
import { cn } from '@/lib/cn';

const FEATURES = [
  {
    title: 'Side-by-side outputs',
    text: 'Every selected system prompt runs on every selected user prompt. Read the answers next to each other instead of juggling tabs.',
  },
  {
    title: 'Models from two providers',
    text: 'Pair each system prompt with an OpenAI or Anthropic model, a temperature and a max-tokens limit, and compare across providers.',
  },
  {
    title: 'Repeatable test inputs',
    text: 'Keep a set of user prompts per project. Re-run them whenever a prompt changes and see exactly what moved.',
  },
  {
    title: 'Latency and token counts',
    text: 'Each result shows its response time and its input and output tokens, so quality, speed and cost sit in one view.',
  },
];

export function About() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="scroll-mt-20 border-t border-slate-200 px-4 py-20 sm:px-6 sm:py-24 dark:border-slate-800"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="about-title" eyebrow="About" title="A workbench for the prompts you ship">
          Promptgrid is for AI developers who change a system prompt or switch a model and need to know what that does
          to real answers. A project holds your test inputs and your candidate system prompts; an evaluation runs them
          all and puts the results side by side.
        </SectionHeading>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature, index) => (
            <li
              key={feature.title}
              className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span
                className={cn(
                  'inline-flex size-8 items-center justify-center rounded-lg bg-blue-50 font-mono text-sm',
                  'font-semibold text-blue-700 dark:bg-blue-950 dark:text-blue-300',
                )}
              >
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
