CREATE TYPE "public"."inbound_message_status" AS ENUM('accepted', 'refused', 'empty', 'no_credits');--> statement-breakpoint
CREATE TABLE "client_inbound_addresses" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"local_part" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"batch_id" uuid,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"from_header" text,
	"subject" text,
	"message_id" text,
	"status" "inbound_message_status" NOT NULL,
	"spf" text,
	"dkim" text,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_senders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_inbound_addresses" ADD CONSTRAINT "client_inbound_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_batch_id_upload_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_senders" ADD CONSTRAINT "inbound_senders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_inbound_addresses_local_part_key" ON "client_inbound_addresses" USING btree ("local_part");--> statement-breakpoint
CREATE INDEX "inbound_messages_client_idx" ON "inbound_messages" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_senders_client_email_key" ON "inbound_senders" USING btree ("client_id","email");