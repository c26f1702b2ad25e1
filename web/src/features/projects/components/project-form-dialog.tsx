import { useRef, useState, type FormEvent } from 'react';
import type { Project } from '@promptgrid/contract';
import { Dialog, openingKey } from '@/components/ui/dialog';
import { Field, TextArea, TextInput } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Banner } from '@/components/ui/banner';
import { clearFixedError, requiredError } from '@/lib/field-errors';
import { useCreateProject } from '../api/create-project';
import { useUpdateProject } from '../api/update-project';

type ProjectFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; create mode without it. */
  project?: Project | null;
  onCreated?: (project: Project) => void;
};

type Errors = { name?: string; description?: string };

const NAME_REQUIRED = 'Project name is required.';
const DESCRIPTION_REQUIRED = 'Description is required.';

/** Create or edit a project: 'Create New Project' / 'Create Project', or 'Edit Project' / 'Save Changes'. */
export function ProjectFormDialog(props: ProjectFormDialogProps) {
  return <ProjectForm key={openingKey(props.open, props.project?.id)} {...props} />;
}

function ProjectForm({ open, onOpenChange, project, onCreated }: ProjectFormDialogProps) {
  const editing = Boolean(project);
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const mutation = editing ? updateProject : createProject;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    next.name = requiredError(name, NAME_REQUIRED);
    next.description = requiredError(description, DESCRIPTION_REQUIRED);
    setErrors(next);
    if (next.name || next.description) return;
    const input = { name: name.trim(), description: description.trim() };
    try {
      if (project) {
        await updateProject.mutateAsync({ id: project.id, ...input });
      } else {
        const created = await createProject.mutateAsync(input);
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch {
      // Shown in the banner below from the mutation's error state.
    }
  };

  const failure = mutation.error ? (editing ? 'Failed to update project' : 'Failed to create project') : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title={editing ? 'Edit Project' : 'Create New Project'}
      description={editing ? undefined : 'A project holds the user prompts and system prompts you compare.'}
      closeOnOutsideClick={false}
      initialFocus={nameField}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure ? (
          <Banner tone="error">
            <p className="font-medium">{failure}</p>
            {mutation.error?.message ? <p className="mt-0.5 text-xs opacity-80">{mutation.error.message}</p> : null}
          </Banner>
        ) : null}
        <Field label="Project Name" required error={errors.name}>
          {(props) => (
            <TextInput
              {...props}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors((current) =>
                  clearFixedError(current, 'name', requiredError(event.target.value, NAME_REQUIRED)),
                );
              }}
              ref={nameField}
              aria-required
              maxLength={200}
              placeholder="e.g. Legal summarizer"
            />
          )}
        </Field>
        <Field label="Description" required error={errors.description}>
          {(props) => (
            <TextArea
              {...props}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                setErrors((current) =>
                  clearFixedError(current, 'description', requiredError(event.target.value, DESCRIPTION_REQUIRED)),
                );
              }}
              aria-required
              rows={4}
              maxLength={2000}
              placeholder="What are you comparing, and what does a good answer look like?"
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {editing ? 'Save Changes' : 'Create Project'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
