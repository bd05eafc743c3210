CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'cancelled', 'failed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('eur', 'usd');--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"pack_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"return_to" text NOT NULL,
	"cancel_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"original_amount_cents" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_pack_id_credit_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."credit_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_session_key" ON "checkouts" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkouts_open_idx" ON "checkouts" USING btree ("status","created_at");--> statement-breakpoint
-- The packs of the spec (spec-1 §9); a test keeps them equal to PACKS in @cuadra/shared.
INSERT INTO "credit_packs" ("id", "credits", "amount_cents", "original_amount_cents", "currency", "popular", "active", "sort_order") VALUES
	('small', 33, 600, 900, 'eur', false, true, 1),
	('large', 150, 2000, 4500, 'eur', true, true, 2)
ON CONFLICT ("id") DO NOTHING;
