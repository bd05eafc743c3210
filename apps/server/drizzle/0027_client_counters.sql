CREATE TABLE "client_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"unchecked" integer DEFAULT 0 NOT NULL,
	"gross_income_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_client_issued_base_idx";--> statement-breakpoint
ALTER TABLE "client_counters" ADD CONSTRAINT "client_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An invoice's part of its client's gross income: the rule of `grossIncomeCents` in @cuadra/shared (the
-- stated base of an issued invoice, else the sum of its breakdown's bases, else 0; received ones count 0).
CREATE FUNCTION "client_counters_gross"("kind" "invoice_type", "base" integer, "breakdown" jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN "kind" = 'issued' THEN coalesce("base"::bigint, CASE WHEN jsonb_typeof("breakdown") = 'array'
		THEN (SELECT sum(("line"->>'baseCents')::bigint) FROM jsonb_array_elements("breakdown") AS "line") END, 0)
	ELSE 0 END
$$;
--> statement-breakpoint
-- Keeps client_counters in step with invoices, in the writing transaction. One upsert per client per
-- statement (transition tables), clients in id order so that two statements lock their rows in the same
-- order; an update that changes none of the counted columns touches no counter (no lock, no write).
CREATE FUNCTION "client_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "client_counters" AS cc ("client_id", "invoices", "unchecked", "gross_income_cents")
		SELECT "client_id", count(*)::int, (count(*) FILTER (WHERE NOT "checked"))::int,
			coalesce(sum("client_counters_gross"("type", "tax_base_cents", "vat_breakdown")), 0)::bigint
		FROM "new_rows" GROUP BY "client_id" ORDER BY "client_id"
		ON CONFLICT ("client_id") DO UPDATE
		SET "invoices" = cc."invoices" + excluded."invoices",
			"unchecked" = cc."unchecked" + excluded."unchecked",
			"gross_income_cents" = cc."gross_income_cents" + excluded."gross_income_cents";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "client_counters" AS cc ("client_id", "invoices", "unchecked", "gross_income_cents")
		SELECT "client_id", sum("invoices")::int, sum("unchecked")::int, sum("gross_income_cents")::bigint
		FROM (
			SELECT "changed".* FROM "old_rows" AS "o" JOIN "new_rows" AS "n" USING ("id")
			CROSS JOIN LATERAL (VALUES
				("o"."client_id", -1, -((NOT "o"."checked")::int),
					-"client_counters_gross"("o"."type", "o"."tax_base_cents", "o"."vat_breakdown")),
				("n"."client_id", 1, (NOT "n"."checked")::int,
					"client_counters_gross"("n"."type", "n"."tax_base_cents", "n"."vat_breakdown"))
			) AS "changed"("client_id", "invoices", "unchecked", "gross_income_cents")
			WHERE ("o"."client_id", "o"."checked", "o"."type", "o"."tax_base_cents", "o"."vat_breakdown")
				IS DISTINCT FROM ("n"."client_id", "n"."checked", "n"."type", "n"."tax_base_cents", "n"."vat_breakdown")
		) AS "d"
		GROUP BY "client_id"
		HAVING sum("invoices") <> 0 OR sum("unchecked") <> 0 OR sum("gross_income_cents") <> 0
		ORDER BY "client_id"
		ON CONFLICT ("client_id") DO UPDATE
		SET "invoices" = cc."invoices" + excluded."invoices",
			"unchecked" = cc."unchecked" + excluded."unchecked",
			"gross_income_cents" = cc."gross_income_cents" + excluded."gross_income_cents";
	ELSE
		-- Only an update: a deleted client's counters went with it (cascade) and must not come back.
		UPDATE "client_counters" AS cc
		SET "invoices" = cc."invoices" - "d"."invoices",
			"unchecked" = cc."unchecked" - "d"."unchecked",
			"gross_income_cents" = cc."gross_income_cents" - "d"."gross_income_cents"
		FROM (
			SELECT "client_id", count(*)::int AS "invoices", (count(*) FILTER (WHERE NOT "checked"))::int AS "unchecked",
				coalesce(sum("client_counters_gross"("type", "tax_base_cents", "vat_breakdown")), 0)::bigint
					AS "gross_income_cents"
			FROM "old_rows" GROUP BY "client_id" ORDER BY "client_id"
		) AS "d"
		WHERE cc."client_id" = "d"."client_id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_counters_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_counters_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counters_update" AFTER UPDATE ON "invoices"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_counters_apply"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counters_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_counters_apply"();
--> statement-breakpoint
-- The invoices already there.
INSERT INTO "client_counters" ("client_id", "invoices", "unchecked", "gross_income_cents")
SELECT "client_id", count(*)::int, (count(*) FILTER (WHERE NOT "checked"))::int,
	coalesce(sum("client_counters_gross"("type", "tax_base_cents", "vat_breakdown")), 0)::bigint
FROM "invoices" GROUP BY "client_id";
