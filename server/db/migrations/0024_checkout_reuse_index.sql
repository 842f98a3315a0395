CREATE INDEX "orders_pending_by_user_idx" ON "orders" USING btree ("user_id","created_at") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'pending';--> statement-breakpoint
-- docs/architecture.md#holds: every product has its held total, so a checkout can lock both rows in one statement.
INSERT INTO "held_totals" ("kind", "ref", "units") SELECT 'product', "id", 0 FROM "products" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "products_held_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "held_totals" ("kind", "ref", "units") VALUES ('product', NEW."id", 0) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_held_total" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "products_held_total"();
