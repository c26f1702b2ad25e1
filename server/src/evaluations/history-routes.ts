import {
  CompareQuery,
  Evaluation,
  EvaluationComparison,
  EvaluationHistoryPage,
  EvaluationHistoryQuery,
  EvaluationRecord,
  IdParams,
  RenameEvaluationInput,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { compareEvaluations } from './compare.js';
import { getEvaluationRecord, listEvaluationHistory, renameEvaluation } from './history.js';

const tags = ['evaluations'];

/** A project's run history, renaming a run, and comparing two runs. */
export default async function evaluationHistoryRoutes(app: App) {
  app.get(
    '/api/projects/:id/evaluations/',
    {
      schema: {
        tags,
        description:
          "One page of the project's runs, newest first, each with its size and status counts. page starts at 1; " +
          'page_size is 20 unless given (at most 100).',
        params: IdParams,
        querystring: EvaluationHistoryQuery,
        response: { 200: EvaluationHistoryPage },
      },
    },
    (request) => listEvaluationHistory(app.db, currentUser(request).id, request.params.id, request.query),
  );

  app.get(
    '/api/evaluations/:id/',
    {
      schema: {
        tags,
        description:
          'A run without its requests: the evaluation, and the configurations and inputs as they were when it ' +
          'started (later edits or deletes do not change them).',
        params: IdParams,
        response: { 200: EvaluationRecord },
      },
    },
    (request) => getEvaluationRecord(app.db, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/evaluations/:id/',
    {
      schema: {
        tags,
        description: 'Renames a run.',
        params: IdParams,
        body: RenameEvaluationInput,
        response: { 200: Evaluation },
      },
    },
    (request) => renameEvaluation(app.db, currentUser(request).id, request.params.id, request.body.name),
  );

  app.get(
    '/api/evaluations/compare/',
    {
      schema: {
        tags,
        description:
          'Two runs of one project cell by cell, paired by (input, configuration): both outputs and the change in ' +
          'status, latency, tokens, cost and scores (head minus base). Changed cells come first. 404 unless both ' +
          "runs are the caller's; 400 when they belong to different projects.",
        querystring: CompareQuery,
        response: { 200: EvaluationComparison },
      },
    },
    (request) => compareEvaluations(app.db, currentUser(request).id, request.query.base, request.query.head),
  );
}
