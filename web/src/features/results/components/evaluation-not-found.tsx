import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** A run this user does not have in this project: deleted, another project's, another user's, or a wrong link. */
export function EvaluationNotFound({ projectId }: { projectId: string }) {
  return (
    <EmptyState
      title="Evaluation not found"
      message="It may have been deleted, or it belongs to another project."
      action={
        <Link to={paths.projectResults.to(projectId)} className={buttonClasses('primary')}>
          Open the latest evaluation
        </Link>
      }
    />
  );
}
