import { useParams } from 'react-router';
import { SharedResultsView } from '@/features/results/components/shared-results-view';

/** /share/{token}: a shared evaluation's grid, open to anyone with the link. */
export default function ShareRoute() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-[100rem] px-4 py-6">
      <SharedResultsView token={token} />
    </div>
  );
}
