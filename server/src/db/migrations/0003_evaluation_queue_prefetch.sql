DROP INDEX "api_requests_status_idx";--> statement-breakpoint
DROP INDEX "api_requests_queue_idx";--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "finished_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "api_requests_queue_idx" ON "api_requests" USING btree ("provider","status","id") WHERE "api_requests"."status" in ('PENDING', 'IN_PROGRESS');--> statement-breakpoint
UPDATE "evaluations" e SET "finished_requests" = (SELECT count(*) FROM "api_requests" r WHERE r."evaluation_id" = e."id" AND r."status" IN ('SUCCESS', 'FAILED'));
