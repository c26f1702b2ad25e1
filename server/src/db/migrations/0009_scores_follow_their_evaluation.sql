-- Scores carry no foreign key (like api_requests): the evaluation's delete trigger removes them with its requests.
CREATE OR REPLACE FUNCTION "evaluations_delete_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "scores" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "results" WHERE "evaluation_id" = OLD."id";
  DELETE FROM "api_requests" WHERE "evaluation_id" = OLD."id";
  RETURN OLD;
END;
$$;
