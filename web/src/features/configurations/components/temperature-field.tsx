import { useId, useState } from 'react';
import { Slider } from 'radix-ui';
import { LIMITS } from '@promptgrid/contract';
import { clampTemperature, roundTemperature } from '../lib/parameters';
import { cn } from '@/lib/cn';
import { inputClasses } from '@/components/ui/field';

type Props = {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  /** The model runs at its own temperature: the slider is disabled and says why. Null while no model is chosen. */
  ignoredBy: string | null;
};

/**
 * The temperature slider (0 to 1 in steps of 0.1) and beside it the same value as a number to type, kept within the
 * range; both disabled with a reason for models that ignore temperature.
 */
export function TemperatureField({ value, onChange, error, ignoredBy }: Props) {
  const labelId = useId();
  const inputId = useId();
  const reasonId = useId();
  const disabled = ignoredBy !== null;
  // What is being typed ('0.' on the way to '0.5'); the value it stands for is sent as soon as it is a number.
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <label id={labelId} htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Temperature
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={LIMITS.temperature.min}
          max={LIMITS.temperature.max}
          step={LIMITS.temperature.step}
          disabled={disabled}
          placeholder={disabled ? 'Default' : undefined}
          aria-describedby={disabled ? reasonId : undefined}
          value={disabled ? '' : (typed ?? value.toFixed(1))}
          onChange={(event) => {
            setTyped(event.target.value);
            const number = event.target.valueAsNumber;
            if (!Number.isNaN(number)) onChange(clampTemperature(number));
          }}
          onBlur={() => setTyped(null)}
          className={cn(inputClasses, 'h-8 w-20 py-0 text-right font-mono tabular-nums')}
        />
      </div>
      <Slider.Root
        min={LIMITS.temperature.min}
        max={LIMITS.temperature.max}
        step={LIMITS.temperature.step}
        value={[value]}
        disabled={disabled}
        onValueChange={([next]) => {
          setTyped(null);
          onChange(roundTemperature(next ?? 0));
        }}
        className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200 dark:bg-slate-700">
          <Slider.Range className="absolute h-full rounded-full bg-blue-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          aria-describedby={disabled ? reasonId : undefined}
          aria-valuetext={disabled ? 'Default' : value.toFixed(1)}
          className={cn(
            'block size-5 rounded-full border-2 border-blue-600 bg-white shadow focus-visible:ring-2',
            'focus-visible:ring-blue-500/40 dark:bg-slate-900',
          )}
        />
      </Slider.Root>
      {disabled ? (
        <p id={reasonId} className="text-xs text-slate-600 dark:text-slate-400">
          {ignoredBy} runs at its own default temperature, so no temperature is sent.
        </p>
      ) : (
        <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400" aria-hidden>
          <span>0 · precise</span>
          <span>1 · creative</span>
        </div>
      )}
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
