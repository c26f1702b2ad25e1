import { aiModelLabel, LIMITS, type Configuration, type Input } from '@promptgrid/contract';
import { paths } from '@/lib/paths';
import { previewText } from '../lib/run-rules';
import { SelectionList } from './selection-list';

type Props = {
  projectId: string;
  /** The active ones: archived prompts are not offered. */
  inputs: Input[];
  configurations: Configuration[];
  selectedInputs: Set<number>;
  onInputsChange: (selected: Set<number>) => void;
  selectedConfigurations: Set<number>;
  onConfigurationsChange: (selected: Set<number>) => void;
  /** How many of each are archived (and so not listed). */
  archived: { inputs: number; configurations: number };
};

/** The user prompts and the system prompts to run, side by side. */
export function RunSelections({
  projectId,
  inputs,
  configurations,
  selectedInputs,
  onInputsChange,
  selectedConfigurations,
  onConfigurationsChange,
  archived,
}: Props) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <SelectionList
        title="User prompts"
        items={inputs.map((input) => ({
          id: input.id,
          name: input.name,
          preview: previewText(input.content, LIMITS.runPreviewLength),
          template: input.content,
        }))}
        selected={selectedInputs}
        onChange={onInputsChange}
        empty={{
          text: 'No active user prompts.',
          linkText: 'Add user prompts',
          to: paths.project.to(projectId, 'inputs'),
        }}
        note={archived.inputs > 0 ? `${archived.inputs} archived not listed.` : undefined}
      />
      <SelectionList
        title="System prompts"
        items={configurations.map((c) => ({
          id: c.id,
          name: c.name,
          detail: aiModelLabel(c.ai_model),
          preview: previewText(c.prompt.content, LIMITS.runPreviewLength),
          template: c.prompt.content,
        }))}
        selected={selectedConfigurations}
        onChange={onConfigurationsChange}
        empty={{
          text: 'No active system prompts.',
          linkText: 'Add system prompts',
          to: paths.project.to(projectId, 'configs'),
        }}
        note={archived.configurations > 0 ? `${archived.configurations} archived not listed.` : undefined}
      />
    </div>
  );
}
