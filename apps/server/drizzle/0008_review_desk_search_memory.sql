CREATE TYPE "public"."memory_field" AS ENUM('issuerName', 'type');--> statement-breakpoint
CREATE TABLE "supplier_memory" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_tax_id" text NOT NULL,
	"field" "memory_field" NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "clients_owner_name_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(translate(name || ' ' || coalesce(tax_id, ''), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate(name, 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "name_key_es" text GENERATED ALWAYS AS (lower(translate(replace(replace(name, 'ñ', 'n~'), 'Ñ', 'n~'), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(translate(coalesce(issuer_name, '') || ' ' || coalesce(recipient_name, '') || ' ' || coalesce(number, '') || ' ' || coalesce(issuer_tax_id, '') || ' ' || coalesce(recipient_tax_id, ''), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_memory" ADD CONSTRAINT "supplier_memory_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_memory_key" ON "supplier_memory" USING btree ("client_id","supplier_tax_id","field");--> statement-breakpoint
CREATE INDEX "clients_owner_name_es_idx" ON "clients" USING btree ("owner_user_id","name_key_es" collate "C","id");--> statement-breakpoint
CREATE INDEX "documents_client_created_id_idx" ON "documents" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_owner_name_idx" ON "clients" USING btree ("owner_user_id","name_key" collate "C","id");