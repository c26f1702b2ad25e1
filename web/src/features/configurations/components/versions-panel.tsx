import { useMemo, useState } from 'react';
import { diffWordsWithSpace } from 'diff';
import { aiModelLabel, type ConfigurationVersion } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfigurationVersions } from '../api/get-configuration-versions';
import { temperatureLabel } from '../lib/parameters';
import { cn } from '@/lib/cn';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The chosen version's text against the editor's text, word by word: removed words struck out, added ones marked. */
function WordDiff({ from, to }: { from: string; to: string }) {
  const parts = useMemo(() => diffWordsWithSpace(from, to), [from, to]);
  if (from === to) return <p className="text-sm text-slate-600 dark:text-slate-400">Same text as the editor.</p>;
  return (
    <pre
      aria-label="Differences from the editor's text"
      className={cn(
        'max-h-64 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono',
        'text-sm break-words whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950',
      )}
    >
      {parts.map((part, index) =>
        part.removed ? (
          <del key={index} className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={index} className="bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-200">
            {part.value}
          </ins>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </pre>
  );
}

type Props = {
  configurationId: number;
  /** The prompt text in the editor now (saved or not). */
  editorText: string;
  /** Puts the version's text, model and parameters in the form; saving it makes a new version. */
  onRestore: (version: ConfigurationVersion) => void;
};

/** The editor's list of saved versions of a system prompt, newest first, with a word diff and Restore. */
export function VersionsPanel({ configurationId, editorText, onRestore }: Props) {
  const versions = useConfigurationVersions(configurationId);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = versions.data ?? [];
  const selected = list.find((v) => v.version === chosen) ?? list.find((v) => !v.is_current) ?? null;

  return (
    <details className="rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        Versions{versions.data ? ` (${list.length})` : ''}
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-700">
        {versions.isPending ? <Spinner label="Loading versions" /> : null}
        {versions.isError ? <Banner tone="error">Failed to load versions</Banner> : null}
        {versions.isSuccess && list.length === 1 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Only one version so far. Each save that changes the text, model or parameters keeps the previous one here.
          </p>
        ) : null}
        {list.length > 1 ? (
          <>
            <ul aria-label="Versions" className="space-y-1">
              {list.map((v) => (
                <li key={v.version}>
                  <label
                    className={cn(
                      'flex cursor-pointer flex-wrap items-baseline gap-x-2 rounded px-2 py-1 text-sm',
                      'hover:bg-slate-50 dark:hover:bg-slate-800',
                    )}
                  >
                    <input
                      type="radio"
                      name={`versions-${configurationId}`}
                      checked={selected?.version === v.version}
                      onChange={() => setChosen(v.version)}
                    />
                    <span className="font-medium">v{v.version}</span>
                    {v.is_current ? <span className="text-xs text-blue-700 dark:text-blue-300">saved now</span> : null}
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {formatTime(v.saved_at)} · {aiModelLabel(v.ai_model)} · temperature {temperatureLabel(v)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {selected ? (
              <div className="space-y-2">
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Struck out: only in v{selected.version}. Highlighted: only in the editor.
                </p>
                <WordDiff from={selected.prompt.content} to={editorText} />
                <Button variant="secondary" size="sm" onClick={() => onRestore(selected)}>
                  Restore v{selected.version}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </details>
  );
}
