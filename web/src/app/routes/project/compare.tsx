import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CompareView } from '@/features/results/compare/compare-view';
import { paths } from '@/lib/paths';

const idOf = (value: string | null) =>
  value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** /project/{id}/compare?base=A&head=B: two of the project's runs side by side. */
export default function CompareRoute() {
  const { projectId = '' } = useParams();
  const [search] = useSearchParams();
  const base = idOf(search.get('base'));
  const head = idOf(search.get('head'));
  if (base === null || head === null)
    return (
      <EmptyState
        title="Pick two evaluations to compare"
        message="Open the history on the Results screen, pick two runs and choose Compare."
        action={
          <Link to={paths.projectResults.to(projectId)} className={buttonClasses('primary')}>
            Go to Results
          </Link>
        }
      />
    );
  return <CompareView key={`${base}:${head}`} projectId={projectId} base={base} head={head} />;
}
