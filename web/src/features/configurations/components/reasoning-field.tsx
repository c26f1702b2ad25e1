import type { UseFormRegister } from 'react-hook-form';
import type { AiModel } from '@promptgrid/contract';
import { Field, TextInput, inputClasses } from '@/components/ui/field';
import type { ConfigurationValues } from '../lib/configuration-form';

type Props = {
  /** The chosen model; nothing shows unless it takes a reasoning setting. */
  model: AiModel | null;
  register: UseFormRegister<ConfigurationValues>;
  errors: { effort?: string; budget_tokens?: string };
};

/**
 * The reasoning setting the chosen model takes, and only that one: OpenAI's reasoning effort as a choice of the
 * model's values, or a thinking budget in tokens (Anthropic's extended thinking, Gemini's thinking budget).
 */
export function ReasoningField({ model, register, errors }: Props) {
  const takes = model?.reasoning ?? null;
  if (!model || takes === null) return null;
  if ('effort' in takes)
    return (
      <Field
        label="Reasoning effort"
        error={errors.effort}
        hint="How hard the model reasons before it answers; more effort spends more reasoning tokens."
      >
        {(props) => (
          <select {...props} {...register('parameters.reasoning.effort')} className={inputClasses}>
            <option value="">Model default</option>
            {takes.effort.map((effort) => (
              <option key={effort} value={effort}>
                {effort}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  const { min, max } = takes.budget;
  const anthropic = model.company === 'anthropic';
  return (
    <Field
      label="Thinking budget (tokens)"
      error={errors.budget_tokens}
      hint={
        `${min} to ${max} for ${model.model_name}; leave empty for the model's default.` +
        (anthropic ? ' Extended thinking needs temperature 1 and max tokens above the budget.' : '')
      }
    >
      {(props) => (
        <TextInput
          {...props}
          {...register('parameters.reasoning.budget_tokens')}
          inputMode="numeric"
          placeholder="Default"
          autoComplete="off"
        />
      )}
    </Field>
  );
}
