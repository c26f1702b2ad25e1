ALTER TABLE "api_requests" ADD COLUMN "ttft" double precision;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "ttft" double precision;