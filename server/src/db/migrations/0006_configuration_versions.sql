CREATE TABLE "configuration_versions" (
	"configuration_id" integer NOT NULL,
	"version" integer NOT NULL,
	"ai_model_id" integer NOT NULL,
	"name" text NOT NULL,
	"prompt_content" text NOT NULL,
	"prompt_token_count" integer NOT NULL,
	"temperature" double precision NOT NULL,
	"max_tokens" integer,
	"json_mode" boolean NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "configuration_versions_configuration_id_version_pk" PRIMARY KEY("configuration_id","version")
);
--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "configuration_version" integer;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration_versions" ADD CONSTRAINT "configuration_versions_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration_versions" ADD CONSTRAINT "configuration_versions_ai_model_id_ai_models_id_fk" FOREIGN KEY ("ai_model_id") REFERENCES "public"."ai_models"("id") ON DELETE no action ON UPDATE no action;