ALTER TABLE "api_requests" ADD COLUMN "provider" text DEFAULT 'mock' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_requests_queue_idx" ON "api_requests" USING btree ("provider","id") WHERE "api_requests"."status" in ('PENDING', 'IN_PROGRESS');