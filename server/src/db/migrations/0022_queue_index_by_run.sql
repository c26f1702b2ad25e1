DROP INDEX "api_requests_queue_idx";--> statement-breakpoint
DROP INDEX "judge_tasks_queue_idx";--> statement-breakpoint
CREATE INDEX "api_requests_queue_idx" ON "api_requests" USING btree ("provider","status","evaluation_id","id") WHERE "api_requests"."status" in ('PENDING', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "judge_tasks_queue_idx" ON "judge_tasks" USING btree ("provider","status","evaluation_id","id") WHERE "judge_tasks"."status" in ('PENDING', 'IN_PROGRESS');