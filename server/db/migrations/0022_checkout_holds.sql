CREATE TABLE "held_totals" (
	"kind" text NOT NULL,
	"ref" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "held_totals_kind_ref_pk" PRIMARY KEY("kind","ref"),
	CONSTRAINT "held_totals_units_not_negative" CHECK ("held_totals"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" integer NOT NULL,
	"units" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holds_order_id_kind_ref_pk" PRIMARY KEY("order_id","kind","ref"),
	CONSTRAINT "holds_units_positive" CHECK ("holds"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_expiry_idx" ON "holds" USING btree ("kind","ref","expires_at");--> statement-breakpoint
CREATE INDEX "holds_expires_at_idx" ON "holds" USING btree ("expires_at");--> statement-breakpoint
-- Checkouts in progress when this runs keep their units held, as the window they were placed under promised.
INSERT INTO "holds" ("order_id", "kind", "ref", "units", "expires_at")
SELECT o."id", 'product', i."product_id", sum(i."quantity"), o."created_at" + interval '30 minutes'
FROM "orders" o JOIN "order_items" i ON i."order_id" = o."id"
WHERE o."status" = 'pending' AND o."payment_status" = 'pending' AND o."created_at" > now() - interval '30 minutes'
GROUP BY o."id", i."product_id";--> statement-breakpoint
INSERT INTO "held_totals" ("kind", "ref", "units")
SELECT "kind", "ref", sum("units") FROM "holds" GROUP BY "kind", "ref";
