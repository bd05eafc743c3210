CREATE TABLE "supplier_places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"field" text NOT NULL,
	"place" jsonb NOT NULL,
	"learned_from_invoice_id" uuid,
	"learned_from_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_places" ADD CONSTRAINT "supplier_places_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_places" ADD CONSTRAINT "supplier_places_learned_from_invoice_id_invoices_id_fk" FOREIGN KEY ("learned_from_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_places_key" ON "supplier_places" USING btree ("owner_user_id","supplier_key","field");