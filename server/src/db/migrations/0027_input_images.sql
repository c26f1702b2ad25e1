CREATE TABLE "input_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"input_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "input_images" ADD CONSTRAINT "input_images_input_id_inputs_id_fk" FOREIGN KEY ("input_id") REFERENCES "public"."inputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "input_images_input_idx" ON "input_images" USING btree ("input_id");