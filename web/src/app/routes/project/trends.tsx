import { useNavigate, useParams } from 'react-router';
import { TrendsView } from '@/features/verdicts/components/trends-view';
import { paths } from '@/lib/paths';

/** /project/{id}/trends: pass rate per system prompt over the project's runs; a run opens on the Results screen. */
export default function TrendsRoute() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  return <TrendsView projectId={projectId} onOpenRun={(id) => void navigate(paths.projectResults.to(projectId, id))} />;
}
