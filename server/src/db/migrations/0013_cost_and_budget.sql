ALTER TABLE "ai_models" ADD COLUMN "price" jsonb;--> statement-breakpoint
ALTER TABLE "api_requests" ADD COLUMN "cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "budget_usd" double precision;