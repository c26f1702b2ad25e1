-- Work is announced by the statement that makes it ready, in its own transaction: a NOTIFY is delivered when that
-- transaction commits, so a listening worker never hears of rows it cannot see yet, and no code path can forget it.
-- Ready: PENDING, or IN_PROGRESS with a lease that has run out (a stopping worker hands its rows back that way).
CREATE OR REPLACE FUNCTION "notify_ready_work"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "ready_rows" r
              WHERE r."status" = 'PENDING' OR (r."status" = 'IN_PROGRESS' AND r."lease_expires_at" <= now())) THEN
    PERFORM pg_notify('promptgrid_evaluation_work', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "api_requests_inserted_notify" AFTER INSERT ON "api_requests"
  REFERENCING NEW TABLE AS "ready_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_ready_work"();
--> statement-breakpoint
CREATE TRIGGER "api_requests_updated_notify" AFTER UPDATE ON "api_requests"
  REFERENCING NEW TABLE AS "ready_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_ready_work"();
--> statement-breakpoint
CREATE TRIGGER "judge_tasks_inserted_notify" AFTER INSERT ON "judge_tasks"
  REFERENCING NEW TABLE AS "ready_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_ready_work"();
--> statement-breakpoint
CREATE TRIGGER "judge_tasks_updated_notify" AFTER UPDATE ON "judge_tasks"
  REFERENCING NEW TABLE AS "ready_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_ready_work"();
