CREATE TABLE "bank_request_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"document_id" uuid,
	"uploaded_at" timestamp with time zone,
	"linked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"threshold_cents" integer NOT NULL,
	"remind_every_days" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_request_lines" ADD CONSTRAINT "bank_request_lines_request_id_bank_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bank_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_request_lines" ADD CONSTRAINT "bank_request_lines_movement_id_bank_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."bank_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_request_lines" ADD CONSTRAINT "bank_request_lines_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_requests" ADD CONSTRAINT "bank_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_requests" ADD CONSTRAINT "bank_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_request_lines_request_movement_key" ON "bank_request_lines" USING btree ("request_id","movement_id");--> statement-breakpoint
CREATE INDEX "bank_request_lines_movement_idx" ON "bank_request_lines" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "bank_requests_client_idx" ON "bank_requests" USING btree ("client_id","created_at");