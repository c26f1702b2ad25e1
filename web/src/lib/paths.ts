/** The landing page's sections that links and menus jump to. */
export type LandingSection = 'about' | 'howitworks' | 'faq' | 'pricing';
export type ProjectTab = 'inputs' | 'configs' | 'run' | 'results';

/**
 * Every page of the web app: the pattern the router matches, and a builder for links to it, so a page moves by
 * changing one line here.
 */
export const paths = {
  landing: { pattern: '/landing', to: (section?: LandingSection) => (section ? `/landing#${section}` : '/landing') },
  signIn: { pattern: '/signin', to: () => '/signin' },
  /** An evaluation's read-only grid, for anyone with the link. */
  share: { pattern: '/share/:token', to: (token: string) => `/share/${token}` },
  projects: { pattern: '/projects', to: () => '/projects' },
  account: {
    pattern: '/account',
    to: (section?: 'upgrade') => (section ? `/account#${section}` : '/account'),
  },
  project: {
    pattern: '/project/:projectId',
    /** A project's screen; its inputs unless another tab is named. */
    to: (projectId: number | string, tab: ProjectTab = 'inputs') => `/project/${projectId}/${tab}`,
  },
  projectInputs: { pattern: '/project/:projectId/inputs' },
  projectConfigs: { pattern: '/project/:projectId/configs' },
  projectRun: { pattern: '/project/:projectId/run' },
  projectResults: {
    pattern: '/project/:projectId/results',
    /** The results screen, picking up a new evaluation when one is given. */
    to: (projectId: number | string, evaluationId?: number) =>
      `/project/${projectId}/results${evaluationId === undefined ? '' : `?evaluation=${evaluationId}`}`,
  },
  /** Pass rate per system prompt over the project's runs. */
  projectTrends: {
    pattern: '/project/:projectId/trends',
    to: (projectId: number | string) => `/project/${projectId}/trends`,
  },
  /** Two runs of a project side by side: base (the earlier one, usually) against head. */
  projectCompare: {
    pattern: '/project/:projectId/compare',
    to: (projectId: number | string, base: number, head: number) =>
      `/project/${projectId}/compare?base=${base}&head=${head}`,
  },
} as const;
