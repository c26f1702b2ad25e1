import {
  CompareQuery,
  EvaluationConsistency,
  IdParams,
  JudgeAgreement,
  OutputSimilarity,
  ProjectTrends,
  PairedSignificance,
  RunSignificance,
  SignificanceQuery,
  TrendsQuery,
  VotePreference,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import {
  readConsistency,
  readJudgeAgreement,
  readOutputSimilarity,
  readRunSignificance,
  readSignificance,
  readVotePreference,
} from './service.js';
import { readProjectTrends } from './trends.js';

const tags = ['evidence'];
const UNAVAILABLE =
  'A statistic that cannot be computed (too few inputs, one repetition, no ratings) is { available: false, reason }.';

/** Evidence about runs: significance of differences, consistency, judge agreement, similarity to expected outputs. */
export default async function evidenceRoutes(app: App) {
  app.get(
    '/api/evaluations/:id/significance/',
    {
      schema: {
        tags,
        description:
          'Configuration b against a in one run (b − a), paired by input, check and repetition: the pass-rate ' +
          'difference with a seeded paired-bootstrap 95% interval and the exact McNemar p-value, and the median ' +
          `latency and cost differences with their intervals. 404 unless both ran in the run. ${UNAVAILABLE}`,
        params: IdParams,
        querystring: SignificanceQuery,
        response: { 200: PairedSignificance },
      },
    },
    (request) => readSignificance(app.db, currentUser(request).id, request.params.id, request.query.a, request.query.b),
  );

  app.get(
    '/api/evaluations/compare/significance/',
    {
      schema: {
        tags,
        description:
          'Each configuration both runs ran, head against base on the same inputs, as in /significance/, with the ' +
          "pass-rate p-values Holm-adjusted together. 404 unless both runs are the caller's; 400 when they belong " +
          `to different projects. ${UNAVAILABLE}`,
        querystring: CompareQuery,
        response: { 200: RunSignificance },
      },
    },
    (request) => readRunSignificance(app.db, currentUser(request).id, request.query.base, request.query.head),
  );

  app.get(
    '/api/evaluations/:id/consistency/',
    {
      schema: {
        tags,
        description:
          'Per configuration over the repetitions: pass@k (passed in at least one of k), pass^k (passed in all k) ' +
          'and the flaky cases (a check on an input that both passed and failed, "3/5"); per cell, how many distinct ' +
          `outputs and their mean pairwise similarity. ${UNAVAILABLE}`,
        params: IdParams,
        response: { 200: EvaluationConsistency },
      },
    },
    (request) => readConsistency(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/evaluations/:id/judge-agreement/',
    {
      schema: {
        tags,
        description:
          "Per llm_judge check of the run's project, on the outputs people rated: percent agreement, Cohen's kappa " +
          `with its 95% interval, the confusion matrix and the outputs where they disagree. ${UNAVAILABLE}`,
        params: IdParams,
        response: { 200: JudgeAgreement },
      },
    },
    (request) => readJudgeAgreement(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/evaluations/:id/similarity/',
    {
      schema: {
        tags,
        description:
          "Each output whose input has an expected output: similarity = 1 − edit distance / the longer text's " +
          'length. reason says why there are no cells, when there are none.',
        params: IdParams,
        response: { 200: OutputSimilarity },
      },
    },
    (request) => readOutputSimilarity(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/evaluations/:id/preference/',
    {
      schema: {
        tags,
        description:
          'What the blind votes say: per configuration its votes (won, lost, tied, both bad), raw win rate and a ' +
          'Bradley-Terry score on the Elo scale with a seeded bootstrap 95% interval, best first; and the position ' +
          `bias (the share of side-picking votes that picked the left output, with its binomial p-value). ${UNAVAILABLE}`,
        params: IdParams,
        response: { 200: VotePreference },
      },
    },
    (request) => readVotePreference(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/projects/:id/trends/',
    {
      schema: {
        tags,
        description:
          "Pass rate per configuration over the project's latest 50 runs, oldest first: one series per configuration " +
          'name (its versions continue it), each point a run with its date, the version it sent and its check ' +
          'verdicts. A run without verdicts for a configuration adds no point. Mock runs are left out unless ' +
          'include_mock=true; each point says whether its run was a mock run.',
        params: IdParams,
        querystring: TrendsQuery,
        response: { 200: ProjectTrends },
      },
    },
    (request) => readProjectTrends(app.db, currentUser(request).id, request.params.id, request.query),
  );
}
