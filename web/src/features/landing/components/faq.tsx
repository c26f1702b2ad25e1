import { Accordion } from '@/components/ui/accordion';
import { FAQ_ITEMS } from '../lib/faq';
import { SectionHeading } from './section-heading';

export function Faq() {
  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-t border-slate-200 bg-white px-4 py-20 sm:px-6 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12">
          <Accordion items={FAQ_ITEMS.map((item) => ({ id: item.id, title: item.question, content: item.answer }))} />
        </div>
      </div>
    </section>
  );
}
