-- docs/architecture.md#cart-writes: saving a cart is one statement (lock, checks, writes) instead of a
-- transaction of four round trips. In a volatile function each statement takes a fresh snapshot, so the
-- writes after the user's row lock see the lines of a save (another tab) that held it before.
CREATE FUNCTION "replace_cart"("p_user_id" uuid, "p_lines" jsonb)
RETURNS TABLE ("line_product_id" integer, "line_size" text, "line_quantity" integer, "line_created_at" timestamp with time zone)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  unknown_id integer;
BEGIN
  PERFORM 1 FROM "users" WHERE "users"."id" = p_user_id FOR UPDATE;
  SELECT listed."product_id" INTO unknown_id
    FROM jsonb_to_recordset(p_lines) AS listed("product_id" integer)
    WHERE NOT EXISTS (SELECT 1 FROM "products" WHERE "products"."id" = listed."product_id")
    LIMIT 1;
  IF unknown_id IS NOT NULL THEN
    -- Rolls the statement back; the shop answers with the product's id (docs/product.md cart messages).
    RAISE EXCEPTION 'unknown product %', unknown_id USING ERRCODE = 'SHC01', DETAIL = unknown_id::text;
  END IF;
  DELETE FROM "cart_lines"
    WHERE "cart_lines"."user_id" = p_user_id
      AND ("cart_lines"."product_id", "cart_lines"."size") NOT IN (
        SELECT listed."product_id", listed."size"
        FROM jsonb_to_recordset(p_lines) AS listed("product_id" integer, "size" text));
  RETURN QUERY
    INSERT INTO "cart_lines" AS line ("user_id", "product_id", "size", "quantity")
    SELECT p_user_id, listed."product_id", listed."size", listed."quantity"
      FROM jsonb_to_recordset(p_lines) AS listed("product_id" integer, "size" text, "quantity" integer)
    ON CONFLICT ("user_id", "product_id", "size")
      DO UPDATE SET "quantity" = excluded."quantity", "updated_at" = now()
    RETURNING line."product_id", line."size", line."quantity", line."created_at";
END $$;
