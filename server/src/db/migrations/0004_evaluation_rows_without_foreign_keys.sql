ALTER TABLE "api_requests" DROP CONSTRAINT "api_requests_evaluation_id_evaluations_id_fk";
--> statement-breakpoint
ALTER TABLE "results" DROP CONSTRAINT "results_evaluation_id_evaluations_id_fk";
--> statement-breakpoint
ALTER TABLE "results" DROP CONSTRAINT "results_api_request_id_api_requests_id_fk";
--> statement-breakpoint
CREATE FUNCTION "evaluations_delete_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "results" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "api_requests" WHERE "evaluation_id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "evaluations_delete_requests" AFTER DELETE ON "evaluations" FOR EACH ROW EXECUTE FUNCTION "evaluations_delete_requests"();
