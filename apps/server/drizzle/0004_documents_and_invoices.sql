CREATE TYPE "public"."document_status" AS ENUM('queued', 'processing', 'needs_review', 'ready', 'failed', 'duplicate');--> statement-breakpoint
CREATE TYPE "public"."invoice_type" AS ENUM('issued', 'received');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"media_type" text,
	"size_bytes" integer NOT NULL,
	"sha256" text,
	"file_key" text,
	"status" "document_status" DEFAULT 'queued' NOT NULL,
	"error_code" text,
	"extraction" jsonb,
	"invoice_id" uuid,
	"duplicate_of_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" text,
	"unit_price_cents" integer,
	"line_total_cents" integer,
	"vat_rate" text,
	"irpf_rate" text
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"document_id" uuid,
	"source_sha256" text,
	"type" "invoice_type",
	"number" text,
	"issue_date" date,
	"due_date" date,
	"issuer_name" text,
	"issuer_address" text,
	"issuer_tax_id" text,
	"recipient_name" text,
	"recipient_address" text,
	"recipient_tax_id" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"tax_base_cents" integer,
	"vat_total_cents" integer,
	"withholding_cents" integer,
	"withholding_rate" text,
	"surcharge_cents" integer,
	"total_cents" integer,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"uploaded_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_batch_id_upload_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_batch_idx" ON "documents" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "documents_client_idx" ON "documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_client_sha_idx" ON "documents" USING btree ("client_id","sha256");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_client_date_idx" ON "invoices" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_document_key" ON "invoices" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_sha_key" ON "invoices" USING btree ("client_id","source_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_issuer_number_key" ON "invoices" USING btree ("client_id","issuer_tax_id","number") WHERE "invoices"."issuer_tax_id" is not null and "invoices"."number" is not null;--> statement-breakpoint
CREATE INDEX "upload_batches_client_idx" ON "upload_batches" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_reserved_within_available" CHECK ("credit_balances"."reserved" <= "credit_balances"."available");