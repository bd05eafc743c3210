ALTER TYPE "public"."memory_field" ADD VALUE 'vatRate';--> statement-breakpoint
CREATE TABLE "document_splits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"file_key" text NOT NULL,
	"page_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_inbound_addresses" ADD COLUMN "reply_to_sender" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "split_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_from" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_to" integer;--> statement-breakpoint
ALTER TABLE "document_splits" ADD CONSTRAINT "document_splits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_split_id_document_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."document_splits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_split_idx" ON "documents" USING btree ("split_id");