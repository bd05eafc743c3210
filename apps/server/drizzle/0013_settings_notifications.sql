ALTER TYPE "public"."auth_token_purpose" ADD VALUE 'email_change';--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD COLUMN "finished_at" timestamp with time zone;