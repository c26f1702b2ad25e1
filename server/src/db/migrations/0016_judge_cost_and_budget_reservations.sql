ALTER TABLE "api_requests" ADD COLUMN "judge_cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "reserved_usd" double precision;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "judge_cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "judge_tasks" ADD COLUMN "cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "judge_tasks" ADD COLUMN "reserved_usd" double precision;