import {
  Decoration,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type EditorView,
  type ViewUpdate,
} from '@codemirror/view';
import { placeholderPattern } from '@promptgrid/contract';

const variableMark = Decoration.mark({ class: 'cm-template-variable' });

/** Marks every `{{variable}}` placeholder the server fills, with the template syntax shared with it. */
const placeholders = new MatchDecorator({ regexp: placeholderPattern(), decoration: () => variableMark });

export const templateHighlight = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = placeholders.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = placeholders.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
