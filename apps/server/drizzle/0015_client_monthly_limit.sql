ALTER TYPE "public"."inbound_message_status" ADD VALUE 'over_monthly_limit';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "monthly_limit" integer;