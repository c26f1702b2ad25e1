CREATE TABLE "result_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"api_request_id" integer NOT NULL,
	"status" text NOT NULL,
	"output" text,
	"error_message" text,
	"execution_time" double precision,
	"input_token_total_count" integer,
	"output_token_count" integer,
	"finished_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "repetition" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "repetitions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "result_history_evaluation_idx" ON "result_history" USING btree ("evaluation_id","api_request_id");--> statement-breakpoint
-- A re-run's earlier outcomes go with their evaluation, like its requests, judge tasks, results and scores.
CREATE OR REPLACE FUNCTION "evaluations_delete_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "judge_tasks" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "scores" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "results" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "result_history" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "api_requests" WHERE "evaluation_id" = OLD."id";
  RETURN OLD;
END;
$$;
