import type { Input, VoteWinner } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import type { BlindPair } from '../lib/blind-pairs';

type Props = {
  pair: BlindPair;
  input: Input | undefined;
  busy: boolean;
  onVote: (winner: VoteWinner) => void;
  onSkip: () => void;
};

const Key = ({ children }: { children: string }) => (
  <kbd className="rounded border border-current/30 px-1 font-mono text-[11px] opacity-80">{children}</kbd>
);

/** One blind pair: the user prompt, the two outputs as Left and Right, the four choices and a way past it. */
export function BlindPairView({ pair, input, busy, onVote, onSkip }: Props) {
  const side = (label: string, output: string) => (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 dark:border-slate-800"
    >
      <h4 className="border-b border-slate-100 px-3 py-2 text-sm font-semibold dark:border-slate-800">{label}</h4>
      {/* Scrolls inside, so both sides and the buttons stay in view. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div tabIndex={0} className="max-h-[45dvh] overflow-auto px-3 py-2">
        <pre className="font-sans text-sm leading-6 break-words whitespace-pre-wrap">{output}</pre>
      </div>
    </section>
  );
  return (
    <div className="space-y-4">
      <div className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
          User prompt{input ? `: ${input.name}` : ''}
        </p>
        <p className="mt-1 line-clamp-4 break-words whitespace-pre-wrap">{input?.content ?? `#${pair.inputId}`}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {side('Left', pair.left.output)}
        {side('Right', pair.right.output)}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => onVote('left')} disabled={busy} aria-keyshortcuts="1">
          Left is better <Key>1</Key>
        </Button>
        <Button onClick={() => onVote('right')} disabled={busy} aria-keyshortcuts="2">
          Right is better <Key>2</Key>
        </Button>
        <Button variant="secondary" onClick={() => onVote('tie')} disabled={busy} aria-keyshortcuts="3">
          Tie <Key>3</Key>
        </Button>
        <Button variant="secondary" onClick={() => onVote('both_bad')} disabled={busy} aria-keyshortcuts="4">
          Both bad <Key>4</Key>
        </Button>
        <Button variant="ghost" onClick={onSkip} disabled={busy} aria-keyshortcuts="S">
          Skip <Key>S</Key>
        </Button>
      </div>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        Keys 1 to 4 vote; S skips; Escape leaves.
      </p>
    </div>
  );
}
