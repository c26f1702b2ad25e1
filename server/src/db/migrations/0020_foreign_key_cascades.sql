-- A run's rows go with their evaluation by foreign keys with ON DELETE CASCADE, in place of the trigger
-- evaluations_delete_requests (decision 0057). Rows whose evaluation is already gone (only a delete with triggers
-- disabled could leave them) are removed first, or the keys could not be added.
DELETE FROM "scores" x WHERE NOT EXISTS (SELECT 1 FROM "evaluations" e WHERE e."id" = x."evaluation_id");--> statement-breakpoint
DELETE FROM "judge_tasks" x WHERE NOT EXISTS (SELECT 1 FROM "evaluations" e WHERE e."id" = x."evaluation_id");--> statement-breakpoint
DELETE FROM "results" x WHERE NOT EXISTS (SELECT 1 FROM "evaluations" e WHERE e."id" = x."evaluation_id");--> statement-breakpoint
DELETE FROM "result_history" x WHERE NOT EXISTS (SELECT 1 FROM "evaluations" e WHERE e."id" = x."evaluation_id");--> statement-breakpoint
DELETE FROM "api_requests" x WHERE NOT EXISTS (SELECT 1 FROM "evaluations" e WHERE e."id" = x."evaluation_id");--> statement-breakpoint
ALTER TABLE "api_requests" ADD CONSTRAINT "api_requests_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_history" ADD CONSTRAINT "result_history_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_tasks" ADD CONSTRAINT "judge_tasks_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP TRIGGER "evaluations_delete_requests" ON "evaluations";--> statement-breakpoint
DROP FUNCTION "evaluations_delete_requests"();
