CREATE TABLE "checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"ai_model_id" integer,
	"input_ids" integer[],
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"api_request_id" integer PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_rating_check" CHECK ("ratings"."rating" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"evaluation_id" integer NOT NULL,
	"api_request_id" integer NOT NULL,
	"check_id" integer NOT NULL,
	"pass" boolean,
	"score" double precision,
	"reason" text DEFAULT '' NOT NULL,
	"error" text,
	CONSTRAINT "scores_evaluation_id_api_request_id_check_id_pk" PRIMARY KEY("evaluation_id","api_request_id","check_id")
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"input_id" integer NOT NULL,
	"left_request_id" integer NOT NULL,
	"right_request_id" integer NOT NULL,
	"winner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_ai_model_id_ai_models_id_fk" FOREIGN KEY ("ai_model_id") REFERENCES "public"."ai_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checks_project_idx" ON "checks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ratings_evaluation_idx" ON "ratings" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "votes_evaluation_idx" ON "votes" USING btree ("evaluation_id");