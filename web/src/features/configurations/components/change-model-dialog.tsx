import { useState } from 'react';
import { aiModelLabel, type Configuration } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field, inputClasses } from '@/components/ui/field';
import { useAiModels } from '@/lib/api/get-ai-models';
import { useChangeModels } from '../api/change-models';
import { ModelOptions } from './model-options';

type Props = {
  projectId: string;
  configurations: Configuration[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const plural = (n: number) => `${n} system prompt${n === 1 ? '' : 's'}`;

/**
 * Mounted while open. Several system prompts moved to one model at once: each is saved as a new version with the
 * model, keeping its texts and the parameters the model takes.
 */
export function ChangeModelDialog({ projectId, configurations, open, onOpenChange }: Props) {
  const models = useAiModels({ enabled: open });
  const change = useChangeModels(projectId);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [modelId, setModelId] = useState('');
  const model = models.data?.find((m) => String(m.id) === modelId) ?? null;
  const selected = configurations.filter((c) => chosen.has(c.id));
  const toggle = (id: number, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const apply = () => {
    if (model) change.mutate({ configurations: selected, model });
  };
  const result = change.data;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !change.isPending && onOpenChange(next)}
      title="Change the model"
      description="Choose system prompts and the model they should run on. Each is saved as a new version."
      className="sm:max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={change.isPending}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={apply} disabled={selected.length === 0 || !model || change.isPending}>
            {change.isPending ? 'Changing...' : `Change the model of ${plural(selected.length)}`}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">System prompts</legend>
          <Checkbox
            checked={configurations.length > 0 && selected.length === configurations.length}
            onCheckedChange={(checked) => setChosen(new Set(checked ? configurations.map((c) => c.id) : []))}
          >
            All system prompts
          </Checkbox>
          <div className="max-h-60 space-y-1 overflow-auto">
            {configurations.map((c) => (
              <Checkbox
                key={c.id}
                checked={chosen.has(c.id)}
                onCheckedChange={(checked) => toggle(c.id, checked)}
                description={aiModelLabel(c.ai_model)}
              >
                {c.name}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <Field
          label="New model"
          hint="Max tokens above its limit, and a reasoning setting it does not take, go back to its defaults."
        >
          {(props) => (
            <select
              {...props}
              className={inputClasses}
              value={modelId}
              disabled={models.isPending}
              onChange={(event) => setModelId(event.target.value)}
            >
              <ModelOptions models={models.data} pending={models.isPending} />
            </select>
          )}
        </Field>
        {models.isError ? <Banner tone="error">Failed to load AI models</Banner> : null}
        {result && result.changed.length > 0 ? (
          <Banner tone="success">{`Changed the model of ${plural(result.changed.length)}.`}</Banner>
        ) : null}
        {result?.refused.map(({ name, message }) => (
          <Banner key={name} tone="error">{`“${name}” was not changed: ${message}`}</Banner>
        ))}
        {change.isError ? <Banner tone="error">{`Failed to change the model: ${change.error.message}`}</Banner> : null}
      </div>
    </Dialog>
  );
}
