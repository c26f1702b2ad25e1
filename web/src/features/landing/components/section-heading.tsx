import type { ReactNode } from 'react';

/**
 * A landing section's heading: the section's name (About, How It Works, FAQ, Pricing) and its title, both inside
 * the h2, so the heading is found by the section's name and the page outline reads well.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id}>
        <span className="block text-sm font-semibold text-blue-700 dark:text-blue-400">{eyebrow}</span>
        <span className="mt-2 block text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </span>
      </h2>
      {children ? (
        <p className="mt-4 text-base leading-7 text-pretty text-slate-600 dark:text-slate-400">{children}</p>
      ) : null}
    </div>
  );
}
