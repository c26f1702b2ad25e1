import { useParams } from 'react-router';
import { useConfigurations } from '@/features/configurations/api/get-configurations';
import { useInputs } from '@/features/inputs/api/get-inputs';
import { useChecks } from '@/features/verdicts/api/get-checks';
import { RunView } from '@/features/run/components/run-view';

/** The run screen combines the project's inputs and configurations with the run feature. */
export default function RunRoute() {
  const { projectId = '' } = useParams();
  const inputs = useInputs(projectId);
  const configurations = useConfigurations(projectId);
  const checks = useChecks(projectId);
  const loadError = inputs.error?.message ?? configurations.error?.message ?? null;
  return (
    <RunView
      projectId={projectId}
      inputs={inputs.data}
      configurations={configurations.data}
      checks={checks.data}
      loadError={loadError}
    />
  );
}
