import { Logo } from '@/components/ui/logo';

/** The beta-feedback line: the operator's FEEDBACK_EMAIL when set, else the line without an address. */
export function Footer({ feedbackEmail }: { feedbackEmail: string | null }) {
  return (
    <footer className="border-t border-slate-200 px-4 py-12 sm:px-6 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <Logo className="text-slate-900 dark:text-white" />
          <p className="mt-3 max-w-md text-sm leading-6 text-slate-600 dark:text-slate-400">
            {feedbackEmail ? (
              <>
                Promptgrid is in beta and we would love your feedback: write to{' '}
                <a
                  href={`mailto:${feedbackEmail}`}
                  className="rounded font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                >
                  {feedbackEmail}
                </a>
                .
              </>
            ) : (
              'Promptgrid is in beta and we would love your feedback.'
            )}
          </p>
        </div>
        <p className="text-sm text-slate-500 dark:text-slate-400">© {new Date().getFullYear()} Promptgrid</p>
      </div>
    </footer>
  );
}
