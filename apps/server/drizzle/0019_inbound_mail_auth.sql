ALTER TABLE "inbound_messages" ADD COLUMN "dmarc" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "mail_auth" text;