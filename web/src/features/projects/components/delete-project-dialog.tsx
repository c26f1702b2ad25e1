import type { Project } from '@promptgrid/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteProject } from '../api/delete-project';

export const DELETE_PROJECT_MESSAGE = 'Are you sure you want to delete this project? This action cannot be undone.';

export function DeleteProjectDialog({
  project,
  onOpenChange,
}: {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteProject = useDeleteProject();
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => {
        if (deleteProject.isPending) return;
        if (!open) deleteProject.reset();
        onOpenChange(open);
      }}
      title="Delete Project"
      message={DELETE_PROJECT_MESSAGE}
      confirmLabel="Delete"
      destructive
      busy={deleteProject.isPending}
      error={deleteProject.isError ? 'Failed to delete project' : null}
      onConfirm={() => {
        if (!project) return;
        deleteProject.mutate(project.id, { onSuccess: () => onOpenChange(false) });
      }}
    />
  );
}
