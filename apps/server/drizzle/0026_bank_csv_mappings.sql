CREATE TABLE "bank_csv_mappings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"columns" jsonb NOT NULL,
	"iban" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_csv_mappings_client_signature_key" ON "bank_csv_mappings" USING btree ("client_id","signature");