CREATE TYPE "public"."job_state" AS ENUM('queued', 'active', 'completed', 'dead');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" "job_state" DEFAULT 'queued' NOT NULL,
	"key" text,
	"slot" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("name","run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_leased_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'active';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("state","finished_at") WHERE "jobs"."state" in ('completed', 'dead');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("name","key") WHERE "jobs"."key" is not null and "jobs"."state" in ('queued', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_slot" ON "jobs" USING btree ("name","slot");--> statement-breakpoint
-- pg-boss kept its jobs in the "pgboss" schema: what was waiting (or running: its worker is gone with the
-- upgrade) is queued again here, dead letters ("<name>.dead") stay dead; then that schema goes.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "jobs" ("name", "data", "state", "key", "attempts", "run_at", "created_at")
      SELECT name, coalesce(data, '{}'::jsonb), 'queued', singleton_key, retry_count, start_after, created_on
      FROM pgboss.job
      WHERE state::text IN ('created', 'retry', 'active') AND name NOT LIKE '%.dead'
      ON CONFLICT DO NOTHING;
    INSERT INTO "jobs" ("name", "data", "state", "finished_at", "last_error", "created_at")
      SELECT left(name, -5), coalesce(data, '{}'::jsonb), 'dead', now(), 'dead-lettered by pg-boss', created_on
      FROM pgboss.job
      WHERE state::text IN ('created', 'retry', 'active') AND name LIKE '%.dead';
    DROP SCHEMA pgboss CASCADE;
  END IF;
END $$;
