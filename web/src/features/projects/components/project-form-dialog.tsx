import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SaveProjectInput, type Project } from '@promptgrid/contract';
import { Dialog, openingKey } from '@/components/ui/dialog';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Banner } from '@/components/ui/banner';
import { useDiscardGuard } from '@/components/ui/discard-guard';
import { contractResolver, placeServerErrors } from '@/lib/contract-form';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';

type ProjectFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; create mode without it. */
  project?: Project | null;
  onCreated?: (project: Project) => void;
};

const FIELDS = ['name', 'description'] as const;
const projectFieldOf = (key: string) => FIELDS.find((field) => field === key) ?? null;

/** Create or edit a project: 'Create New Project' / 'Create Project', or 'Edit Project' / 'Save Changes'. */
export function ProjectFormDialog(props: ProjectFormDialogProps) {
  return <ProjectForm key={openingKey(props.open, props.project?.id)} {...props} />;
}

function ProjectForm({ open, onOpenChange, project, onCreated }: ProjectFormDialogProps) {
  const editing = Boolean(project);
  const nameField = useRef<HTMLInputElement | null>(null);
  const form = useForm<SaveProjectInput>({
    defaultValues: { name: project?.name ?? '', description: project?.description ?? '' },
    resolver: contractResolver<SaveProjectInput>(SaveProjectInput),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // Typing is asked about before Escape or Cancel throws it away; an untouched form closes at once.
  const { guard, confirmation } = useDiscardGuard(isDirty);
  const requestClose = () => !isSubmitting && guard(() => onOpenChange(false));
  const [saveError, setSaveError] = useState<string | null>(null);
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();

  const submit = form.handleSubmit(async (values) => {
    setSaveError(null);
    const input = { name: values.name.trim(), description: values.description.trim() };
    try {
      if (project) {
        await updateProject.mutateAsync({ id: project.id, ...input });
      } else {
        const created = await createProject.mutateAsync(input);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      const rest = placeServerErrors(error, form.setError, projectFieldOf);
      if (rest !== null) setSaveError(rest ?? (error instanceof Error ? error.message : ''));
    }
  });

  const failure = saveError === null ? null : editing ? 'Failed to update project' : 'Failed to create project';
  const nameRegistration = form.register('name');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
      title={editing ? 'Edit Project' : 'Create New Project'}
      description={editing ? undefined : 'A project holds the user prompts and system prompts you compare.'}
      closeOnOutsideClick={false}
      initialFocus={nameField}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {failure ? (
          <Banner tone="error">
            <p className="font-medium">{failure}</p>
            {saveError ? <p className="mt-0.5 text-xs opacity-80">{saveError}</p> : null}
          </Banner>
        ) : null}
        <Field label="Project Name" required error={errors.name?.message}>
          {(props) => (
            <TextInput
              {...props}
              {...nameRegistration}
              ref={(element) => {
                nameRegistration.ref(element);
                nameField.current = element;
              }}
              aria-required
              maxLength={200}
              placeholder="e.g. Legal summarizer"
            />
          )}
        </Field>
        <Field label="Description" required error={errors.description?.message}>
          {(props) => (
            <TextArea
              {...props}
              {...form.register('description')}
              aria-required
              rows={4}
              maxLength={2000}
              placeholder="What are you comparing, and what does a good answer look like?"
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={requestClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {editing ? 'Save Changes' : 'Create Project'}
          </Button>
        </div>
      </form>
      {confirmation}
    </Dialog>
  );
}
