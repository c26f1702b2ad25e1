import { useParams } from 'react-router';
import { InputsView } from '@/features/inputs/components/inputs-view';

export default function InputsRoute() {
  const { projectId = '' } = useParams();
  return <InputsView projectId={projectId} />;
}
