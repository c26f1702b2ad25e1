ALTER TABLE "configuration_versions" ADD COLUMN "messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration_versions" ADD COLUMN "user_template" text DEFAULT '{{input}}' NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "user_template" text DEFAULT '{{input}}' NOT NULL;--> statement-breakpoint
ALTER TABLE "inputs" ADD COLUMN "messages" jsonb;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "messages" jsonb;--> statement-breakpoint
-- A filled-in user prompt of an earlier run becomes the one turn it was; the next migration drops user_prompt.
UPDATE "api_requests" SET "messages" = jsonb_build_array(jsonb_build_object('role', 'user', 'content', "user_prompt")) WHERE "user_prompt" IS NOT NULL;