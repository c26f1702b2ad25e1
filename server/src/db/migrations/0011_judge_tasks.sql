CREATE TABLE "judge_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"api_request_id" integer NOT NULL,
	"check_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"input_tokens" integer,
	"output_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "pending_judgements" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "judge_tasks_evaluation_idx" ON "judge_tasks" USING btree ("evaluation_id","api_request_id");--> statement-breakpoint
CREATE INDEX "judge_tasks_queue_idx" ON "judge_tasks" USING btree ("provider","status","id") WHERE "judge_tasks"."status" in ('PENDING', 'IN_PROGRESS');--> statement-breakpoint
-- Judge tasks carry no foreign key (like api_requests and scores): the evaluation's delete trigger removes them too.
CREATE OR REPLACE FUNCTION "evaluations_delete_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "judge_tasks" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "scores" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "results" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "api_requests" WHERE "evaluation_id" = OLD."id";
  RETURN OLD;
END;
$$;
