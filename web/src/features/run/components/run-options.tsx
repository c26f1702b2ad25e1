import { Field, TextInput } from '@/components/ui/field';

export type RunOptionsValue = { name: string; budget: string };

type Props = {
  value: RunOptionsValue;
  onChange: (value: RunOptionsValue) => void;
  /** The name the run gets when the field is left empty. */
  namePlaceholder: string;
  budgetError?: string | null;
};

/** The confirm dialog's optional settings: the run's name and a budget that stops it. */
export function RunOptions({ value, onChange, namePlaceholder, budgetError }: Props) {
  return (
    <div className="space-y-3">
      <Field label="Run name" hint="Optional. Left empty, the run is named by the time it starts.">
        {(props) => (
          <TextInput
            {...props}
            value={value.name}
            maxLength={200}
            placeholder={namePlaceholder}
            onChange={(event) => onChange({ ...value, name: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Budget (USD)"
        error={budgetError}
        hint="Optional. Once the run's recorded cost reaches it, calls not yet started are not sent."
      >
        {(props) => (
          <TextInput
            {...props}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={value.budget}
            placeholder="No budget"
            onChange={(event) => onChange({ ...value, budget: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
