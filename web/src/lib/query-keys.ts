/**
 * Every TanStack Query key of the web app, from one place. Screens that show the same server data share one cache
 * entry through these (a key saved in the API settings dialog updates the run screen; the top bar and the project
 * screens read one project), and a mutation invalidates exactly the entries it changed.
 */
export const queryKeys = {
  publicConfig: () => ['config'] as const,
  apiKeys: () => ['api-keys'] as const,
  endpoints: () => ['endpoints'] as const,
  accessTokens: () => ['access-tokens'] as const,
  aiModels: () => ['models'] as const,
  subscriptionStatus: () => ['subscription', 'status'] as const,
  /** The project list; `project(id)` entries sit under it, so `exact: true` refreshes the list alone. */
  projects: () => ['projects'] as const,
  project: (id: number | string) => ['projects', String(id)] as const,
  inputs: (projectId: number | string) => ['inputs', String(projectId)] as const,
  /** The pages of the User Prompts screen; `inputPages(id)` alone covers every search, order and page. */
  inputPages: (projectId: number | string, filter?: object, page?: number) =>
    filter === undefined
      ? (['inputs', String(projectId), 'pages'] as const)
      : (['inputs', String(projectId), 'pages', filter, page ?? 1] as const),
  configurations: (projectId: number | string) => ['configurations', String(projectId)] as const,
  evaluationProgress: (evaluationId: number | null) => ['evaluations', evaluationId, 'progress'] as const,
  evaluationResults: (evaluationId: number | null) => ['evaluations', evaluationId, 'results'] as const,
  /** The input and prompts chosen on a run's Results screen: kept in the cache so they are persisted with the run. */
  evaluationSelections: (evaluationId: number | null) => ['evaluations', evaluationId, 'selections'] as const,
  checks: (projectId: number | string) => ['checks', String(projectId)] as const,
  /** The leaderboard; votes and ratings change it, so they refresh it. */
  evaluationSummary: (evaluationId: number) => ['evaluations', evaluationId, 'summary'] as const,
  evaluationVotes: (evaluationId: number) => ['evaluations', evaluationId, 'votes'] as const,
  projectTrends: (projectId: number | string) => ['projects', String(projectId), 'trends'] as const,
  evaluationPreference: (evaluationId: number) => ['evaluations', evaluationId, 'preference'] as const,
  evaluationConsistency: (evaluationId: number) => ['evaluations', evaluationId, 'consistency'] as const,
  evaluationJudgeAgreement: (evaluationId: number) => ['evaluations', evaluationId, 'judge-agreement'] as const,
  evaluationSimilarity: (evaluationId: number) => ['evaluations', evaluationId, 'similarity'] as const,
  /** Every paired comparison of a run, to refresh them together. */
  evaluationSignificances: (evaluationId: number) => ['evaluations', evaluationId, 'significance'] as const,
  evaluationSignificance: (evaluationId: number, a: number, b: number) =>
    ['evaluations', evaluationId, 'significance', a, b] as const,
  /** An unsaved check's verdicts: the check's values are part of the key. */
  checkPreview: (evaluationId: number | null, check: unknown) =>
    ['evaluations', evaluationId, 'check-preview', check] as const,
  /** The confirm dialog's estimate of a run payload (its ids, mock mode and repetitions). */
  runEstimate: (payload: object) => ['run-estimate', payload] as const,
  /** A run's record (name, frozen configurations and inputs). */
  evaluationRecord: (evaluationId: number) => ['evaluations', evaluationId, 'record'] as const,
  /** The project's history pages; `evaluationHistory(id)` alone covers every page. */
  evaluationHistory: (projectId: number | string, page?: number, pageSize?: number) =>
    page === undefined
      ? (['evaluation-history', String(projectId)] as const)
      : (['evaluation-history', String(projectId), page, pageSize ?? null] as const),
  evaluationComparison: (base: number, head: number) => ['evaluation-comparison', base, head] as const,
};
