import { useEffect, useEffectEvent, useRef } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, StateField, type Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  GutterMarker,
  WidgetType,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumberWidgetMarker,
  lineNumbers,
  placeholder as placeholderExtension,
  type DecorationSet,
} from '@codemirror/view';
import { templateHighlight } from './template-highlight';
import { cn } from '@/lib/cn';

type Props = {
  value: string;
  onChange: (value: string) => void;
  minLines: number;
  lineHeight: number;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  required?: boolean;
  placeholder?: string;
};

/** Empty rows after the last line, so the editor always shows `minLines` numbered lines. */
class FillerWidget extends WidgetType {
  constructor(
    readonly firstNumber: number,
    readonly count: number,
    readonly lineHeight: number,
  ) {
    super();
  }
  eq(other: FillerWidget) {
    return other.firstNumber === this.firstNumber && other.count === this.count;
  }
  toDOM() {
    const element = document.createElement('div');
    element.className = 'cm-filler';
    element.style.height = `${this.count * this.lineHeight}px`;
    return element;
  }
  get estimatedHeight() {
    return this.count * this.lineHeight;
  }
  ignoreEvent() {
    return false;
  }
}

class FillerNumbers extends GutterMarker {
  constructor(readonly widget: FillerWidget) {
    super();
  }
  eq(other: GutterMarker) {
    return other instanceof FillerNumbers && other.widget.eq(this.widget);
  }
  toDOM() {
    const element = document.createElement('div');
    element.setAttribute('aria-hidden', 'true');
    for (let index = 0; index < this.widget.count; index += 1) {
      const row = document.createElement('div');
      row.textContent = String(this.widget.firstNumber + index);
      row.style.height = `${this.widget.lineHeight}px`;
      row.className = 'cm-filler-number';
      element.append(row);
    }
    return element;
  }
}

function fillerLines(minLines: number, lineHeight: number): Extension {
  const build = (state: EditorState): DecorationSet => {
    const missing = minLines - state.doc.lines;
    if (missing <= 0) return Decoration.none;
    const widget = new FillerWidget(state.doc.lines + 1, missing, lineHeight);
    return Decoration.set([Decoration.widget({ widget, block: true, side: 1 }).range(state.doc.length)]);
  };
  const field = StateField.define<DecorationSet>({
    create: build,
    update: (value, transaction) => (transaction.docChanged ? build(transaction.state) : value),
    provide: (f) => EditorView.decorations.from(f),
  });
  return [
    field,
    lineNumberWidgetMarker.of((_view, widget) => (widget instanceof FillerWidget ? new FillerNumbers(widget) : null)),
  ];
}

const theme = (lineHeight: number) =>
  EditorView.theme({
    '&': { fontSize: '13px', backgroundColor: 'transparent' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      lineHeight: `${lineHeight}px`,
    },
    '.cm-content': { padding: '4px 0', caretColor: 'currentColor' },
    '.cm-line': { padding: '0 8px' },
    '.cm-gutters': {
      backgroundColor: 'var(--cm-gutter-bg)',
      color: 'var(--cm-gutter-fg)',
      borderRight: '1px solid var(--cm-gutter-border)',
    },
    '.cm-lineNumbers .cm-gutterElement': { padding: '0 8px 0 12px', minWidth: '2.5em' },
    '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)' },
    '.cm-placeholder': { color: 'var(--cm-gutter-fg)' },
    '.cm-template-variable': {
      color: 'var(--cm-variable-fg)',
      backgroundColor: 'var(--cm-variable-bg)',
      borderRadius: '3px',
    },
    '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': {
      backgroundColor: 'var(--cm-selection) !important',
    },
  });

type AccessibleNames = Pick<Props, 'labelledBy' | 'describedBy' | 'invalid' | 'required'>;

/** CodeMirror's editable element is the one assistive technology meets, so it carries the field's ARIA names. */
function contentAttributes({ labelledBy, describedBy, invalid, required }: AccessibleNames): Extension {
  const values: Record<string, string> = {
    'aria-labelledby': labelledBy,
    'aria-multiline': 'true',
    role: 'textbox',
    spellcheck: 'false',
  };
  if (describedBy) values['aria-describedby'] = describedBy;
  if (invalid) values['aria-invalid'] = 'true';
  if (required) values['aria-required'] = 'true';
  return EditorView.contentAttributes.of(values);
}

export default function CodeEditorImpl({
  value,
  onChange,
  minLines,
  lineHeight,
  labelledBy,
  describedBy,
  invalid,
  required,
  placeholder,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  // Texts this editor reported since the last outside change, oldest first. A render may come after more keys were
  // typed, so `value` can be an older one of them: that is an echo of typing, not a new text to put in the editor.
  const reported = useRef<string[]>([]);
  const changed = useEffectEvent((text: string) => {
    reported.current.push(text);
    onChange(text);
  });

  // The editor is built once, from the props of its first render; the effects below keep the text and the ARIA
  // attributes in step afterwards, so typing never rebuilds it (which would lose the cursor and the undo history).
  const createEditor = useEffectEvent(
    (parent: HTMLElement) =>
      new EditorView({
        parent,
        state: EditorState.create({
          doc: value,
          extensions: [
            lineNumbers(),
            // Undo/redo and the usual editing keys; Tab is left alone so keyboard users can leave the editor.
            history(),
            keymap.of([...defaultKeymap, ...historyKeymap]),
            highlightActiveLineGutter(),
            highlightActiveLine(),
            drawSelection(),
            EditorView.lineWrapping,
            fillerLines(minLines, lineHeight),
            templateHighlight,
            placeholder ? placeholderExtension(placeholder) : [],
            attributes.current.of(contentAttributes({ labelledBy, describedBy, invalid, required })),
            theme(lineHeight),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) changed(update.state.doc.toString());
            }),
          ],
        }),
      }),
  );

  useEffect(() => {
    const editor = createEditor(host.current!);
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const values = contentAttributes({ labelledBy, describedBy, invalid, required });
    view.current?.dispatch({ effects: attributes.current.reconfigure(values) });
  }, [labelledBy, describedBy, invalid, required]);

  useEffect(() => {
    const editor = view.current;
    const echo = reported.current.indexOf(value);
    if (echo !== -1) {
      reported.current = reported.current.slice(echo + 1);
      return;
    }
    if (editor && editor.state.doc.toString() !== value) {
      reported.current = [];
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div
      ref={host}
      className={cn(
        '[--cm-variable-bg:var(--color-violet-100)] [--cm-variable-fg:var(--color-violet-800)]',
        'dark:[--cm-variable-bg:var(--color-violet-950)]',
        'dark:[--cm-variable-fg:var(--color-violet-200)] [--cm-active-line:rgb(241_245_249_/_0.7)]',
        '[--cm-gutter-bg:var(--color-slate-50)] [--cm-gutter-border:var(--color-slate-200)]',
        '[--cm-gutter-fg:var(--color-slate-400)] [--cm-selection:var(--color-blue-200)]',
        'dark:[--cm-active-line:rgb(30_41_59_/_0.6)] dark:[--cm-gutter-bg:var(--color-slate-800)]',
        'dark:[--cm-gutter-border:var(--color-slate-700)]',
        'dark:[--cm-gutter-fg:var(--color-slate-500)] dark:[--cm-selection:var(--color-blue-900)]',
      )}
    />
  );
}
