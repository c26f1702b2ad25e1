import { memo, useMemo } from 'react';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { wordDiff } from './view-model';
import { JsonTree } from './json-tree';
import { formatOutput } from '../lib/status';

export type RenderMode = 'plain' | 'markdown' | 'json';
export const RENDER_MODES: { value: RenderMode; label: string }[] = [
  { value: 'plain', label: 'Plain text' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'json', label: 'JSON' },
];

// html: false makes raw HTML in the output plain text; markdown-it also refuses javascript:, vbscript: and data:
// links. DOMPurify then checks what the renderer made, so no script, handler or script URL can reach the page.
const markdown = new MarkdownIt({ html: false, linkify: true });

export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(markdown.render(text), { USE_PROFILES: { html: true } });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const Plain = ({ text }: { text: string }) => <p className="break-words whitespace-pre-wrap">{text}</p>;

function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // The HTML is the sanitised rendering above: never the output as it came.
  return <div className="markdown-output" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Json({ text }: { text: string }) {
  const parsed = useMemo(() => parseJson(text), [text]);
  if (!parsed.ok)
    return (
      <>
        <p className="text-xs text-amber-700 dark:text-amber-300">Not valid JSON; shown as text.</p>
        <Plain text={text} />
      </>
    );
  return <JsonTree value={parsed.value} />;
}

/** A structured answer as text, pretty-printed when it is JSON. */
function PrettyJson({ text }: { text: string }) {
  const pretty = useMemo(() => formatOutput(text), [text]);
  return pretty.json ? (
    <pre className="font-mono text-xs leading-5 break-words whitespace-pre-wrap">{pretty.text}</pre>
  ) : (
    <Plain text={text} />
  );
}

/** The output in the chosen rendering; 'pretty-json' is how plain text shows an answer its configuration made JSON. */
export const OutputView = memo(function OutputView({ text, mode }: { text: string; mode: RenderMode | 'pretty-json' }) {
  if (mode === 'markdown') return <Markdown text={text} />;
  if (mode === 'json') return <Json text={text} />;
  if (mode === 'pretty-json') return <PrettyJson text={text} />;
  return <Plain text={text} />;
});

/**
 * Word-level diff from the baseline: insertions underlined in <ins>, deletions struck through in <del>, each with
 * a visually hidden label, so neither colour nor sight is needed to read it.
 */
export const DiffView = memo(function DiffView({ baseline, text }: { baseline: string; text: string }) {
  const parts = useMemo(() => wordDiff(baseline, text), [baseline, text]);
  return (
    <p className="break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">
            <span className="sr-only">[added: </span>
            {part.value}
            <span className="sr-only">]</span>
          </ins>
        ) : part.removed ? (
          <del key={index} className="bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100">
            <span className="sr-only">[removed: </span>
            {part.value}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
});
