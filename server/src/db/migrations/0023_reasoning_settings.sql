ALTER TABLE "configuration_versions" ADD COLUMN "reasoning" jsonb;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "reasoning" jsonb;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "reasoning_tokens" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "reasoning_tokens" integer;