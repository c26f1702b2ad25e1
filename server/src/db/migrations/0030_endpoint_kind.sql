ALTER TABLE "endpoints" ADD COLUMN "kind" text DEFAULT 'openai-compatible' NOT NULL;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "api_version" text;