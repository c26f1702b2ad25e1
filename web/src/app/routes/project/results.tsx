import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfigurations } from '@/features/configurations/api/get-configurations';
import { useInputs } from '@/features/inputs/api/get-inputs';
import { ResultsScreen } from '@/features/results/components/results-screen';
import { useChecks } from '@/features/verdicts/api/get-checks';
import { prefetchLeaderboard } from '@/features/verdicts/api/prefetch-leaderboard';
import { Leaderboard } from '@/features/verdicts/components/leaderboard';
import { RatingControl } from '@/features/verdicts/components/rating-control';
import { VerdictsToolbar } from '@/features/verdicts/components/verdicts-toolbar';
import type { RunSlots } from '@/features/results/lib/run-slots';
import type { RunNavigationState } from '@/features/run/components/run-view';
import { useProject } from '@/features/projects/api/get-project';

// Module-level, so the memoised result cards keep one slot function across renders.
const ratingOnCard: NonNullable<RunSlots['cardExtras']> = (request, run) => (
  <RatingControl request={request} evaluationId={run.evaluationId} patchRequest={run.patchRequest} />
);
const NO_ITEMS: never[] = [];

/** The results screen combines the project and its checks with the results feature. */
export default function ResultsRoute() {
  const { projectId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const project = useProject(projectId);
  const checks = useChecks(projectId);
  // The checks panel scopes a check to chosen user prompts and configurations of the project.
  const inputs = useInputs(projectId);
  const configurations = useConfigurations(projectId);
  const checkNames = useMemo(() => new Map((checks.data ?? []).map((c) => [c.id, c.name])), [checks.data]);
  const inputNames = useMemo(() => new Map((inputs.data ?? []).map((i) => [i.id, i.name])), [inputs.data]);
  const projectName = useMemo(
    () => (project.data ? { id: project.data.id, name: project.data.name } : null),
    [project.data],
  );

  const raw = search.get('evaluation');
  const asked = raw === null ? null : Number(raw);
  // A malformed ?evaluation= names no run: id 0 answers "Evaluation not found" like a missing one.
  const evaluationParam = asked === null ? null : Number.isInteger(asked) && asked > 0 ? asked : 0;
  const state = location.state as Partial<RunNavigationState> | null;
  const handedOver = state?.evaluationId === evaluationParam ? (state?.message ?? null) : null;
  // Kept here: the history entry drops it at once (below), and the view mounts only once the run's record is in.
  const [kept, setKept] = useState<{ evaluationId: number | null; message: string } | null>(null);
  if (handedOver && (kept?.evaluationId !== evaluationParam || kept.message !== handedOver))
    setKept({ evaluationId: evaluationParam, message: handedOver });
  const message = kept?.evaluationId === evaluationParam ? kept.message : null;

  // The run's message shows once: drop it from the history entry so a reload does not repeat it.
  const navigate = useNavigate();
  useEffect(() => {
    if (state?.message)
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...state, message: null } });
  }, [state, location.pathname, location.search, navigate]);

  return (
    <ResultsScreen
      projectId={projectId}
      project={projectName}
      evaluationParam={evaluationParam}
      message={message}
      checkNames={checkNames}
      readWithRun={prefetchLeaderboard}
      aboveCards={(run) => (
        <Leaderboard
          evaluationId={run.evaluationId}
          polling={run.polling}
          nameOf={run.nameOf}
          mock={run.mock}
          checkNames={checkNames}
          onCompare={run.compareConfigurations}
          inputNames={inputNames}
        />
      )}
      toolbar={(run) => (
        <VerdictsToolbar
          projectId={projectId}
          inputs={inputs.data ?? NO_ITEMS}
          configurations={configurations.data ?? NO_ITEMS}
          run={run}
        />
      )}
      cardExtras={ratingOnCard}
    />
  );
}
