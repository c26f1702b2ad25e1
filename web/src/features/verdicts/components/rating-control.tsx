import { useState, type FormEvent } from 'react';
import { RATING_NOTE_MAX_LENGTH, type ApiRequest, type Rating } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { Field, TextArea } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useSaveRating } from '../api/save-rating';
import { ThumbsDownIcon, ThumbsUpIcon } from '@/components/ui/icons';

type Props = {
  request: ApiRequest;
  evaluationId: number;
  /** Puts the saved rating on the request on screen (ratings do not come back through polling). */
  patchRequest: (id: number, patch: Partial<ApiRequest>) => void;
};

const thumbClasses = (pressed: boolean, tone: 'up' | 'down') =>
  cn(
    'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm',
    'focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60',
    pressed
      ? tone === 'up'
        ? 'border-green-400 bg-green-50 text-green-800 dark:border-green-700 dark:bg-green-950 dark:text-green-200'
        : 'border-red-400 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200'
      : 'border-slate-300 text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** A person's verdict on one output: thumbs up or down (pressing it again clears it) and an optional note. */
export function RatingControl({ request, evaluationId, patchRequest }: Props) {
  const rating: Rating | null = request.rating;
  const save = useSaveRating(evaluationId);
  const [editingNote, setEditingNote] = useState(false);
  const [note, setNote] = useState(rating?.note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);

  const send = async (value: 1 | -1 | 0, nextNote: string) => {
    const saved = await save.mutateAsync({ apiRequestId: request.id, data: { rating: value, note: nextNote } });
    patchRequest(request.id, { rating: saved.rating });
    return saved;
  };
  const thumb = (value: 1 | -1) => {
    // The note stays with the output while the thumb changes; clearing the thumb clears the note too.
    void send(rating?.rating === value ? 0 : value, rating?.note ?? '').catch(() => undefined);
  };
  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating) return;
    if (note.trim().length > RATING_NOTE_MAX_LENGTH) {
      setNoteError(`Note must be at most ${RATING_NOTE_MAX_LENGTH} characters.`);
      return;
    }
    try {
      await send(rating.rating, note);
      setEditingNote(false);
      setNoteError(null);
    } catch (error) {
      setNoteError((error instanceof Error && error.message) || 'Failed to save the note.');
    }
  };

  return (
    <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Your rating" className="flex gap-1">
          <button
            type="button"
            aria-pressed={rating?.rating === 1}
            aria-label="Thumbs up"
            title="Thumbs up"
            disabled={save.isPending}
            onClick={() => thumb(1)}
            className={thumbClasses(rating?.rating === 1, 'up')}
          >
            <ThumbsUpIcon />
          </button>
          <button
            type="button"
            aria-pressed={rating?.rating === -1}
            aria-label="Thumbs down"
            title="Thumbs down"
            disabled={save.isPending}
            onClick={() => thumb(-1)}
            className={thumbClasses(rating?.rating === -1, 'down')}
          >
            <ThumbsDownIcon />
          </button>
        </div>
        {rating && !editingNote ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setNote(rating.note);
              setEditingNote(true);
            }}
          >
            {rating.note ? 'Edit note' : 'Add a note'}
          </Button>
        ) : null}
        {save.isError && !editingNote ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            Failed to save the rating.
          </p>
        ) : null}
      </div>
      {rating?.note && !editingNote ? (
        <p className="mt-1 text-xs break-words whitespace-pre-wrap text-slate-600 dark:text-slate-300">{rating.note}</p>
      ) : null}
      {rating && editingNote ? (
        <form onSubmit={(event) => void saveNote(event)} noValidate className="mt-2 space-y-2">
          <Field label="Note" error={noteError}>
            {(props) => (
              <TextArea
                {...props}
                // The note is why the person rated as they did: the form opens to write it.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                className="min-h-16"
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditingNote(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={save.isPending}>
              Save note
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
