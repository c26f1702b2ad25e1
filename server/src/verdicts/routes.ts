import { z } from 'zod';
import {
  CastVoteInput,
  CheckPreview,
  ConfigurationSummary,
  IdParams,
  RescoreResponse,
  SavedRating,
  SaveCheckInput,
  SaveRatingInput,
  Vote,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { saveRating } from './ratings.js';
import { previewCheck, rescoreEvaluation } from './rescore.js';
import { readSummary } from './summary.js';
import { castVote, listVotes } from './votes.js';

const tags = ['verdicts'];

export default async function verdictRoutes(app: App) {
  app.post(
    '/api/evaluations/:id/rescore/',
    {
      schema: {
        tags,
        description:
          "Applies the project's current active checks to the evaluation's stored outputs, replacing its earlier " +
          'scores: rule checks at once, llm_judge checks queued for the workers (judgements_queued); the evaluation is ' +
          'complete again once they are judged.',
        params: IdParams,
        response: { 200: RescoreResponse },
      },
    },
    (request) => rescoreEvaluation(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/evaluations/:id/check-preview/',
    {
      schema: {
        tags,
        description: "What an unsaved rule check would say about each of the evaluation's outputs; stores nothing.",
        params: IdParams,
        body: SaveCheckInput,
        response: { 200: CheckPreview },
      },
    },
    (request) => previewCheck(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.put(
    '/api/api-requests/:id/rating/',
    {
      schema: {
        tags,
        description: 'rating: 1 (thumbs up), -1 (thumbs down) or 0 (clears it); note: optional text.',
        params: IdParams,
        body: SaveRatingInput,
        response: { 200: SavedRating },
      },
    },
    (request) => saveRating(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/evaluations/:id/votes/',
    { schema: { tags, params: IdParams, response: { 200: z.array(Vote) } } },
    (request) => listVotes(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/evaluations/:id/votes/',
    {
      schema: {
        tags,
        description:
          'A blind pairwise vote: two SUCCESS requests of this evaluation for input_id, from two different configurations.',
        params: IdParams,
        body: CastVoteInput,
        response: { 201: Vote },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await castVote(app.db, currentUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/api/evaluations/:id/summary/',
    {
      schema: {
        tags,
        description:
          'The leaderboard: one row per configuration, best first (pass rate, then win rate, then ' +
          'mean score). pass_rate = checks_passed / checks_total; win_rate = (votes_won + votes_tied ' +
          '/ 2) / votes; null when there is nothing to divide.',
        params: IdParams,
        response: { 200: z.array(ConfigurationSummary) },
      },
    },
    (request) => readSummary(app.db, currentUser(request).id, request.params.id),
  );
}
