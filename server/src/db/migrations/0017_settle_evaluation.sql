-- The one rule for when a run is over: every request has finished (SUCCESS or FAILED, cancelled ones included) and no
-- judgement is pending. Every write that changes either count calls it on the evaluation's row; it stamps
-- completed_at the first time the rule holds, keeps the first stamp after, and clears it when a re-run or a rescore
-- opens the run again. Answers whether the run is over.
CREATE OR REPLACE FUNCTION "settle_evaluation"("evaluation_id" integer) RETURNS boolean LANGUAGE sql VOLATILE AS $$
  UPDATE "evaluations"
     SET "completed_at" = CASE WHEN "finished_requests" >= "total_requests" AND "pending_judgements" <= 0
                               THEN coalesce("completed_at", now()) END
   WHERE "id" = $1
  RETURNING "completed_at" IS NOT NULL;
$$;
