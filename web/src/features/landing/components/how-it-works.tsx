import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Add API keys',
    text: 'Open API Settings from the user menu and save a key for OpenAI, Anthropic or both. Keys are encrypted.',
  },
  {
    title: 'Set system prompt',
    text: 'Write one or more system prompts and pair each with a model, a temperature and a max-tokens limit.',
  },
  {
    title: 'Add user prompts',
    text: 'Add the test inputs you care about: real questions, documents or edge cases your users send.',
  },
  {
    title: 'Compare results',
    text: 'Run the evaluation and read every output side by side, with response times and token counts.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="howitworks"
      aria-labelledby="howitworks-title"
      className="scroll-mt-20 border-t border-slate-200 bg-white px-4 py-20 sm:px-6 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="howitworks-title" eyebrow="How It Works" title="From idea to comparison in four steps">
          Watch a short demo, then try it on your own prompts.
        </SectionHeading>

        <figure className="mx-auto mt-12 max-w-4xl">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-lg dark:border-slate-800">
            <video
              className="aspect-[16/10] w-full bg-slate-900"
              width={1280}
              height={800}
              controls
              muted
              playsInline
              preload="metadata"
              poster="/media/promptgrid-demo-poster.jpg"
              aria-describedby="demo-caption"
            >
              <source src="/media/promptgrid-demo.webm" type="video/webm" />
              <source src="/media/promptgrid-demo.mp4" type="video/mp4" />
              <track kind="captions" src="/media/promptgrid-demo.en.vtt" srcLang="en" label="English" default />
            </video>
          </div>
          <figcaption id="demo-caption" className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">
            Demo: creating a project, adding prompts and comparing results.
          </figcaption>
        </figure>

        <ol className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
