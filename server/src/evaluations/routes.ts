import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CancelEvaluationResponse,
  RerunEvaluationInput,
  RerunEvaluationResponse,
  ApiRequest,
  ApiRequestListQuery,
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
  RunEstimate,
  RunEvaluationResponse,
  StatusCounts,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { startEvaluation } from './run.js';
import { cancelEvaluation, rerunEvaluation } from './control.js';
import { estimateRun } from './estimate.js';
import { deleteEvaluation, getMetrics, getStatusCounts, listEvaluations } from './queries.js';
import { apiRequestsDocument, evaluationResultsDocument, resultsDocument } from './documents.js';
import { liveEventsRoute } from './live/events-route.js';

const tags = ['evaluations'];

/** A streamed document (see jsonStream): its route's response schema documents it; the stream is not re-validated. */
const sendJson = (reply: FastifyReply, document: Readable) =>
  reply.type('application/json; charset=utf-8').send(document);

export default async function evaluationRoutes(app: App) {
  const liveStreams = liveEventsRoute(app, app.live);

  app.post(
    ROUTES.runEvaluation,
    {
      schema: {
        tags,
        description:
          'Starts a run: answers at once; the requests run in the background (poll the api-requests ' +
          'routes). A run makes at most 20,000 calls (configurations x inputs; 400 above). 429 while ' +
          'the user already has MAX_ACTIVE_RUNS_PER_USER runs (default 3, mock runs included) in ' +
          'progress.',
        body: RunEvaluationInput,
        response: { 201: RunEvaluationResponse },
      },
    },
    async (request, reply) => {
      const response = await startEvaluation(app.database, currentUser(request).id, request.body, app.config);
      // The run's tasks are in the queue for any worker; this process's own claims them now rather than at its poll.
      app.queue?.wake();
      return reply.code(201).send(response);
    },
  );

  app.post(
    ROUTES.runEvaluationEstimate,
    {
      schema: {
        tags,
        description:
          'What the run payload would make and cost, before it starts; nothing is created. input_tokens counts the ' +
          "filled-in prompts with each OpenAI model's tokenizer (gpt-tokenizer, chat framing included) and, for " +
          'Anthropic models, as one token per 3.5 characters (an approximation: no tokenizer is published). ' +
          "max_output_tokens: each configuration's max tokens (empty: the model's default max tokens, which the " +
          'call sends). cost_usd_min prices the input alone, cost_usd_max adds every call writing its max ' +
          'tokens; both null when a model has no known price (listed in unpriced_models). expected_cost and ' +
          "max_cost price the whole run, judge included: each call writing the median of the configuration's " +
          'earlier real outputs (else a typical length), or its max tokens; judge prices the llm_judge checks ' +
          'apart (one call per output and check); assumptions says what each configuration assumed. A mock run ' +
          'costs $0.',
        body: RunEvaluationInput,
        response: { 200: RunEstimate },
      },
    },
    (request) => estimateRun(app.db, currentUser(request).id, request.body),
  );

  app.post(
    '/api/evaluations/:id/cancel/',
    {
      schema: {
        tags,
        description:
          "Cancels a running evaluation: its requests not started end FAILED with 'Cancelled.', calls in " +
          'flight are aborted and end the same way, and the evaluation completes with cancelled_at set. ' +
          '409 when it has already finished.',
        params: IdParams,
        response: { 200: CancelEvaluationResponse },
      },
    },
    async (request) => {
      const response = await cancelEvaluation(app.database, currentUser(request).id, request.params.id);
      app.queue?.cancelGroup(request.params.id);
      // Its requests were ended here, not by a worker's last outcome, so no worker says `done` to its streams.
      app.live.finishEvaluation(request.params.id);
      return response;
    },
  );

  app.post(
    '/api/evaluations/:id/rerun/',
    {
      schema: {
        tags,
        description:
          'Runs finished requests of the evaluation again (all of them, request_ids, and/or only the ' +
          'FAILED ones with failed_only): each goes back to PENDING, its previous outcome is kept in its ' +
          'history and its scores are dropped. Redoing SUCCESS requests of a real run counts as one ' +
          'evaluation against the month (402 when none is left); redoing only FAILED or cancelled ones is ' +
          'free. Reopening a finished evaluation needs a free run slot (429 otherwise, as a new run).',
        params: IdParams,
        body: RerunEvaluationInput,
        response: { 200: RerunEvaluationResponse },
      },
    },
    async (request) => {
      const response = await rerunEvaluation(
        app.database,
        currentUser(request).id,
        request.params.id,
        request.body,
        app.config,
      );
      app.queue?.wake();
      return response;
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
          'The whole run as one document (what the JSON export saves): the evaluation; the ' +
          'configurations (model, prompt, parameters) and inputs as they were at start; every api ' +
          'request with its status, output, execution_time (s), tokens and error_message; metrics and ' +
          'status counts.',
        params: IdParams,
        response: { 200: EvaluationResults },
      },
    },
    async (request, reply) =>
      sendJson(reply, await evaluationResultsDocument(app.db, currentUser(request).id, request.params.id)),
  );

  app.delete(
    '/api/evaluations/:id/',
    {
      schema: {
        tags,
        description:
          'Deletes the evaluation with its api requests and results. A run still going is cancelled: ' +
          'requests not yet sent are never sent, replies still coming are dropped. It still counts in ' +
          "the month's free evaluations.",
        params: IdParams,
      },
    },
    async (request, reply) => {
      await deleteEvaluation(app.db, currentUser(request).id, request.params.id);
      liveStreams.endEvaluation(request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/results/',
    { schema: { tags, querystring: EvaluationIdQuery, response: { 200: z.array(Result) } } },
    async (request, reply) =>
      sendJson(reply, await resultsDocument(app.db, currentUser(request).id, request.query.evaluation_id)),
  );

  app.get(
    '/api/api-requests/',
    {
      schema: {
        tags,
        description:
          "An evaluation's requests in id order. With updated_since (ISO-8601), only those changed " +
          'after it: pass the newest updated_at already seen, and a poll of a finished run answers ' +
          '[]. While the run is going, requests changed shortly before that time come again (writes ' +
          'still committing); merge by id.',
        querystring: ApiRequestListQuery,
        response: { 200: z.array(ApiRequest) },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await apiRequestsDocument(
          app.db,
          currentUser(request).id,
          request.query.evaluation,
          request.query.updated_since,
        ),
      ),
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
