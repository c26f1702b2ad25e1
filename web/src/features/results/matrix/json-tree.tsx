import { useMemo, useState } from 'react';

/** Objects and arrays this deep or deeper start folded: a reader opens them one level at a time. */
export const JSON_OPEN_DEPTH = 8;
/** Indentation stops growing here, so a deep value stays readable in a narrow cell. */
const MAX_INDENT = 12;

type Container = object;
type Line =
  | { kind: 'open'; depth: number; label: string | null; node: Container; bracket: string; count: number }
  | { kind: 'folded'; depth: number; label: string | null; node: Container; brackets: string; count: number }
  | { kind: 'close'; depth: number; bracket: string }
  | { kind: 'value'; depth: number; label: string | null; value: unknown };

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';
const entriesOf = (node: Container): [string | null, unknown][] =>
  Array.isArray(node) ? node.map((item) => [null, item]) : Object.entries(node);
const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The value as lines, walked with a stack of its own rather than by recursion: model output can nest thousands of
 * levels (JSON.parse takes it), and a recursive walk or render would overflow the call stack and kill the tab.
 * `toggled` holds the containers the reader opened or folded, against their depth's default.
 */
function jsonLines(value: unknown, toggled: ReadonlySet<Container>): Line[] {
  const lines: Line[] = [];
  type Task = { label: string | null; value: unknown; depth: number } | Extract<Line, { kind: 'close' }>;
  const stack: Task[] = [{ label: null, value, depth: 0 }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    if ('kind' in task) {
      lines.push(task);
      continue;
    }
    const { label, depth } = task;
    if (!isContainer(task.value)) {
      lines.push({ kind: 'value', depth, label, value: task.value });
      continue;
    }
    const node = task.value;
    const [open, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}'];
    const entries = entriesOf(node);
    const expanded = depth < JSON_OPEN_DEPTH !== toggled.has(node);
    if (!expanded || entries.length === 0) {
      lines.push({ kind: 'folded', depth, label, node, brackets: `${open}${close}`, count: entries.length });
      continue;
    }
    lines.push({ kind: 'open', depth, label, node, bracket: open, count: entries.length });
    stack.push({ kind: 'close', depth, bracket: close });
    for (const [key, item] of [...entries].reverse()) {
      stack.push({ label: key, value: item, depth: depth + 1 });
    }
  }
  return lines;
}

const Label = ({ label }: { label: string | null }) =>
  label === null ? null : <span className="text-sky-700 dark:text-sky-300">{JSON.stringify(label)}: </span>;

const Count = ({ count }: { count: number }) => (
  <span className="text-slate-500 dark:text-slate-400"> {items(count)}</span>
);

function Toggle({ expanded, label, onToggle }: { expanded: boolean; label: string | null; onToggle: () => void }) {
  const what = label === null ? 'value' : JSON.stringify(label);
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Fold' : 'Unfold'} ${what}`}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className="mr-1 inline-block w-3 text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
    >
      {expanded ? '▾' : '▸'}
    </button>
  );
}

function LineView({ line, onToggle }: { line: Line; onToggle: (node: Container) => void }) {
  const indent = { paddingLeft: `${Math.min(line.depth, MAX_INDENT)}rem` };
  if (line.kind === 'close') return <div style={indent}>{line.bracket}</div>;
  if (line.kind === 'value')
    return (
      <div style={indent} className="break-words whitespace-pre-wrap">
        <Label label={line.label} />
        <span
          className={
            typeof line.value === 'string'
              ? 'text-emerald-700 dark:text-emerald-300'
              : 'text-violet-700 dark:text-violet-300'
          }
        >
          {JSON.stringify(line.value)}
        </span>
      </div>
    );
  const expanded = line.kind === 'open';
  return (
    <div style={indent}>
      {line.count > 0 ? <Toggle expanded={expanded} label={line.label} onToggle={() => onToggle(line.node)} /> : null}
      <Label label={line.label} />
      {expanded ? line.bracket : line.brackets}
      <Count count={line.count} />
    </div>
  );
}

/**
 * Pretty JSON with folding, drawn as flat lines (no nested elements), so any depth renders: objects and arrays open
 * to start with down to JSON_OPEN_DEPTH, folded below it; each one's button folds or unfolds it.
 */
export function JsonTree({ value }: { value: unknown }) {
  const [toggled, setToggled] = useState<ReadonlySet<Container>>(() => new Set());
  const lines = useMemo(() => jsonLines(value, toggled), [value, toggled]);
  const toggle = (node: Container) =>
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(node)) next.add(node);
      return next;
    });
  return (
    <div role="group" aria-label="JSON" className="font-mono text-xs">
      {lines.map((line, index) => (
        <LineView key={index} line={line} onToggle={toggle} />
      ))}
    </div>
  );
}
