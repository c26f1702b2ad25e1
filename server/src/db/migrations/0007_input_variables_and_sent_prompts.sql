ALTER TABLE "api_requests" ADD COLUMN "system_prompt" text;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "user_prompt" text;--> statement-breakpoint
ALTER TABLE "inputs" ADD COLUMN "variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inputs" ADD COLUMN "expected_output" text;