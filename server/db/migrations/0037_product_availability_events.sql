-- docs/architecture.md#stock: the storefront says a product is in stock while a new checkout could have a unit,
-- stock less what checkouts in progress hold, as checkout decides. Its cache is told when that flips, whether the
-- stock changed (a sale, a count) or the units held did (a checkout, a payment, a cancellation, a lapsed hold);
-- a change that leaves units to have, the sale day's usual one, tells nobody.
CREATE FUNCTION "notify_product_shown_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	held integer;
BEGIN
	IF (to_jsonb(OLD) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at'])
		IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at']) THEN
		PERFORM pg_notify('catalogue_changes', 'products');
		RETURN NULL;
	END IF;
	SELECT "units" INTO held FROM "held_totals" WHERE "kind" = 'product' AND "ref" = NEW."id";
	IF (OLD."stock" - coalesce(held, 0) > 0) IS DISTINCT FROM (NEW."stock" - coalesce(held, 0) > 0) THEN
		PERFORM pg_notify('catalogue_changes', 'products');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_shown_change_notify" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_shown_change_notify" AFTER UPDATE ON "products"
	FOR EACH ROW WHEN (
		(to_jsonb(OLD) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at'])
			IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at'])
		OR OLD."stock" IS DISTINCT FROM NEW."stock"
	) EXECUTE FUNCTION "notify_product_shown_change"();
--> statement-breakpoint
CREATE FUNCTION "notify_held_units_shown_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	on_hand integer;
BEGIN
	SELECT "stock" INTO on_hand FROM "products" WHERE "id" = NEW."ref";
	IF (on_hand - OLD."units" > 0) IS DISTINCT FROM (on_hand - NEW."units" > 0) THEN
		PERFORM pg_notify('catalogue_changes', 'products');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "held_totals_shown_change_notify" AFTER UPDATE ON "held_totals"
	FOR EACH ROW WHEN (NEW."kind" = 'product' AND OLD."units" IS DISTINCT FROM NEW."units")
	EXECUTE FUNCTION "notify_held_units_shown_change"();
