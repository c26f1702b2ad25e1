import { z } from 'zod';
import {
  ApiRequest,
  Evaluation,
  EvaluationIdQuery,
  EvaluationListQuery,
  EvaluationQuery,
  EvaluationResults,
  IdParams,
  Metrics,
  Result,
  ROUTES,
  RunEvaluationInput,
  RunEvaluationResponse,
  StatusCounts,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { startEvaluation } from './run.js';
import {
  getEvaluationResults,
  getMetrics,
  getStatusCounts,
  listApiRequests,
  listEvaluations,
  listResults,
} from './queries.js';
import type { WorkerEvents } from './worker/events.js';
import { EvaluationWorker } from './worker/worker.js';

const tags = ['evaluations'];

export default async function evaluationRoutes(app: App, options: { workers?: boolean; workerEvents?: WorkerEvents }) {
  let worker: EvaluationWorker | null = null;
  if (options.workers) {
    const { providers } = app.config;
    worker = new EvaluationWorker(app.database, providers, app.sealingKey, app.log, {
      listenUrl: app.database.kind === 'postgres' ? app.config.databaseUrl : null,
      events: options.workerEvents,
    });
    app.addHook('onReady', () => worker!.start());
    app.addHook('onClose', () => worker!.stop());
  }

  app.post(
    ROUTES.runEvaluation,
    {
      schema: {
        tags,
        description:
          'Starts a run: answers at once; the requests run in the background (poll the api-requests routes).',
        body: RunEvaluationInput,
        response: { 201: RunEvaluationResponse },
      },
    },
    async (request, reply) => {
      const response = await startEvaluation(
        app.database,
        currentUser(request).id,
        request.body,
        app.config.freeEvaluationsPerMonth,
        worker,
      );
      worker?.wake();
      return reply.code(201).send(response);
    },
  );

  app.get(
    ROUTES.evaluations,
    { schema: { tags, querystring: EvaluationListQuery, response: { 200: z.array(Evaluation) } } },
    (request) => listEvaluations(app.db, currentUser(request).id, request.query.project),
  );

  app.get(
    '/api/evaluations/:id/results/',
    {
      schema: {
        tags,
        description:
          'The whole run as one document (what the JSON export saves): the evaluation; the configurations (model, prompt, parameters) and inputs as they were at start; every api request with its status, output, execution_time (s), tokens and error_message; metrics and status counts.',
        params: IdParams,
        response: { 200: EvaluationResults },
      },
    },
    (request) => getEvaluationResults(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/results/',
    { schema: { tags, querystring: EvaluationIdQuery, response: { 200: z.array(Result) } } },
    (request) => listResults(app.db, currentUser(request).id, request.query.evaluation_id),
  );

  app.get(
    '/api/api-requests/',
    { schema: { tags, querystring: EvaluationQuery, response: { 200: z.array(ApiRequest) } } },
    (request) => listApiRequests(app.db, currentUser(request).id, request.query.evaluation),
  );

  app.get(
    '/api/api-requests/metrics/',
    {
      schema: {
        tags,
        description:
          'average_execution_time: mean seconds of the successful requests; input_tokens and output_tokens: totals so far.',
        querystring: EvaluationQuery,
        response: { 200: Metrics },
      },
    },
    (request) => getMetrics(app.db, currentUser(request).id, request.query.evaluation),
  );

  app.get(
    '/api/api-requests/status_counts/',
    { schema: { tags, querystring: EvaluationQuery, response: { 200: StatusCounts } } },
    (request) => getStatusCounts(app.db, currentUser(request).id, request.query.evaluation),
  );
}
