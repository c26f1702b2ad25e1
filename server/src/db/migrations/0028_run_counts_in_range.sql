-- A run's counts come from its rows: a count out of range (left by a write that counted twice) is counted again from
-- them, so the check below can hold from now on.
UPDATE "evaluations" e
   SET "finished_requests" = (SELECT count(*) FROM "api_requests" r
                               WHERE r."evaluation_id" = e."id" AND r."status" IN ('SUCCESS', 'FAILED')),
       "pending_judgements" = (SELECT count(*) FROM "judge_tasks" t
                                WHERE t."evaluation_id" = e."id" AND t."status" IN ('PENDING', 'IN_PROGRESS'))
 WHERE e."finished_requests" NOT BETWEEN 0 AND e."total_requests" OR e."pending_judgements" < 0;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_counts_in_range" CHECK ("evaluations"."finished_requests" BETWEEN 0 AND "evaluations"."total_requests" AND "evaluations"."pending_judgements" >= 0);--> statement-breakpoint
-- The completion rule, unchanged but for its comparisons: with the counts kept in range by the check, a run is over
-- when they are exactly at their ends, not past them.
CREATE OR REPLACE FUNCTION "settle_evaluation"("evaluation_id" integer) RETURNS boolean LANGUAGE sql VOLATILE AS $$
  UPDATE "evaluations"
     SET "completed_at" = CASE WHEN "finished_requests" = "total_requests" AND "pending_judgements" = 0
                               THEN coalesce("completed_at", now()) END
   WHERE "id" = $1
  RETURNING "completed_at" IS NOT NULL;
$$;
