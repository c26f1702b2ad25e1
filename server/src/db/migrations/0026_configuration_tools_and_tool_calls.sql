ALTER TABLE "configuration_versions" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration_versions" ADD COLUMN "tool_choice" jsonb DEFAULT '"auto"'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration_versions" ADD COLUMN "response_schema" jsonb;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "tool_choice" jsonb DEFAULT '"auto"'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "response_schema" jsonb;--> statement-breakpoint
ALTER TABLE "result_history" ADD COLUMN "tool_calls" jsonb;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "tool_calls" jsonb;