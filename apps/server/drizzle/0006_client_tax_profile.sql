ALTER TABLE "clients" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_regime" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "territory" text DEFAULT 'common' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "account_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;