-- docs/operations.md#catalogue-cache: every process keeps the storefront's catalogue and the shop settings in
-- memory and drops them when this channel says the table changed. The payload is the table's name.
CREATE FUNCTION "notify_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_added_or_removed_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
-- Every paid order changes stock (and updated_at, and perhaps the low-stock flag), but the storefront shows only
-- whether stock is above zero: a sale that leaves some units must not make every process read the table again.
CREATE TRIGGER "products_shown_change_notify" AFTER UPDATE ON "products"
	FOR EACH ROW WHEN (
		(to_jsonb(OLD) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at'])
			IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['stock', 'updated_at', 'low_stock_alerted_at'])
		OR (OLD."stock" > 0) IS DISTINCT FROM (NEW."stock" > 0)
	) EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "shop_settings_change_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
