CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"concept" text NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"reference" text,
	"source_line" integer NOT NULL,
	"source_text" text NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"matched_by" text,
	"ignore_reason" text,
	"score" integer,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"movement_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"invoice_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"currency" text NOT NULL,
	"opening_cents" bigint NOT NULL,
	"closing_cents" bigint NOT NULL,
	"movement_count" integer NOT NULL,
	"new_movement_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" date;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_movements" ADD CONSTRAINT "bank_movements_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_movement_id_bank_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."bank_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_owner_iban_key" ON "bank_accounts" USING btree ("owner_user_id","iban");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_account_fingerprint_key" ON "bank_movements" USING btree ("account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_movements_client_date_idx" ON "bank_movements" USING btree ("client_id","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_movements_statement_idx" ON "bank_movements" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_payments_movement_invoice_key" ON "bank_payments" USING btree ("movement_id","invoice_id");--> statement-breakpoint
CREATE INDEX "bank_payments_invoice_idx" ON "bank_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_rules_client_pattern_key" ON "bank_rules" USING btree ("client_id","pattern","direction");--> statement-breakpoint
CREATE INDEX "bank_statements_client_idx" ON "bank_statements" USING btree ("client_id","created_at");