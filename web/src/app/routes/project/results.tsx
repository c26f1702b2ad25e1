import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfigurations } from '@/features/configurations/api/get-configurations';
import { useInputs } from '@/features/inputs/api/get-inputs';
import { ResultsView } from '@/features/results/components/results-view';
import { useChecks } from '@/features/verdicts/api/get-checks';
import { Leaderboard } from '@/features/verdicts/components/leaderboard';
import { RatingControl } from '@/features/verdicts/components/rating-control';
import { VerdictsToolbar } from '@/features/verdicts/components/verdicts-toolbar';
import type { RunSlots } from '@/features/results/lib/run-slots';
import type { RunNavigationState } from '@/features/run/components/run-view';
import { useAuth } from '@/lib/auth';
import { useProject } from '@/features/projects/api/get-project';

// Module-level, so the memoised result cards keep one slot function across renders.
const ratingOnCard: NonNullable<RunSlots['cardExtras']> = (request, run) => (
  <RatingControl request={request} evaluationId={run.evaluationId} patchRequest={run.patchRequest} />
);
const NO_INPUTS: never[] = [];

/** The results screen combines the project's prompts with the results feature. */
export default function ResultsRoute() {
  const { projectId = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const inputs = useInputs(projectId);
  const configurations = useConfigurations(projectId);
  const project = useProject(projectId);
  const checks = useChecks(projectId);
  const checkNames = useMemo(() => new Map((checks.data ?? []).map((c) => [c.id, c.name])), [checks.data]);
  const projectName = useMemo(
    () => (project.data ? { id: project.data.id, name: project.data.name } : null),
    [project.data],
  );

  const evaluationParam = Number(search.get('evaluation'));
  const state = location.state as Partial<RunNavigationState> | null;
  const fromRun = state?.evaluationId === evaluationParam;
  const totalRequests = fromRun ? (state?.totalRequests ?? null) : null;
  const message = fromRun ? (state?.message ?? null) : null;
  // Keeps the first message: the view reads it once, when it mounts.
  const incoming = useMemo(() => {
    if (!Number.isInteger(evaluationParam) || evaluationParam <= 0) return null;
    return { evaluationId: evaluationParam, totalRequests, message };
  }, [evaluationParam, totalRequests, message]);

  // The run's message shows once: drop it from the history entry so a reload does not repeat it.
  const navigate = useNavigate();
  useEffect(() => {
    if (state?.message)
      navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...state, message: null } });
  }, [state, location.pathname, location.search, navigate]);

  const { user } = useAuth();
  if (!user) return null; // a protected route: the guard has already sent anonymous visitors away

  return (
    <ResultsView
      userId={user.id}
      // A new evaluation starts a fresh view (selections, end time, polling).
      key={incoming?.evaluationId ?? 'cached'}
      projectId={projectId}
      project={projectName}
      inputs={inputs.data}
      configurations={configurations.data}
      loadError={inputs.isError || configurations.isError}
      incoming={incoming}
      checkNames={checkNames}
      aboveCards={(run) => <Leaderboard evaluationId={run.evaluationId} polling={run.polling} nameOf={run.nameOf} />}
      toolbar={(run) => <VerdictsToolbar projectId={projectId} inputs={inputs.data ?? NO_INPUTS} run={run} />}
      cardExtras={ratingOnCard}
    />
  );
}
