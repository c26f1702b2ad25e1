import { useState } from 'react';
import { Field, inputClasses } from '@/components/ui/field';

export const MAX_REPETITIONS = 10;
const ERROR = `Enter a whole number from 1 to ${MAX_REPETITIONS}.`;

type Props = {
  value: number;
  onChange: (repetitions: number) => void;
  /** The calls of one repetition (inputs x prompts): with more repetitions the field says how many calls in all. */
  calls: number;
};

/**
 * How many times each user prompt and system prompt pair runs (1 to 10), to see how much the answers vary. The text
 * typed is kept as typed (a field being cleared to type another number is not forced back to 1); the run gets the
 * last valid number.
 */
export function RepetitionsField({ value, onChange, calls }: Props) {
  const [text, setText] = useState(String(value));
  const n = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_REPETITIONS;
  return (
    <Field
      label="Repetitions"
      error={valid ? null : ERROR}
      hint={
        value > 1
          ? `Each pair runs ${value} times: ${(calls * value).toLocaleString('en-US')} API calls in all.`
          : 'Runs each pair this many times, to compare latency and whether the outputs agree.'
      }
    >
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_REPETITIONS}
          step={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const next = Number(event.target.value);
            if (Number.isInteger(next) && next >= 1 && next <= MAX_REPETITIONS) onChange(next);
          }}
          className={`${inputClasses} w-24`}
        />
      )}
    </Field>
  );
}
