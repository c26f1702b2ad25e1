CREATE TABLE "endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"sealed_key" text,
	"last_four_digits" text,
	"sealed_headers" text,
	"header_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"encryption_key_id" text NOT NULL,
	"concurrency" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ai_models_company_name_idx";--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "endpoint_id" integer;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endpoints_user_idx" ON "endpoints" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_endpoint_id_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_endpoint_name_idx" ON "ai_models" USING btree ("endpoint_id","model_name") WHERE "ai_models"."endpoint_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_company_name_idx" ON "ai_models" USING btree ("company","model_name") WHERE "ai_models"."endpoint_id" IS NULL;