import { useParams } from 'react-router';
import { ConfigurationsView } from '@/features/configurations/components/configurations-view';

export default function ConfigsRoute() {
  const { projectId = '' } = useParams();
  return <ConfigurationsView projectId={projectId} />;
}
