-- docs/architecture.md#checkout-lock: one checkout of a shopper at a time, inside create-order's one statement.
-- It takes the shopper's checkout lock (the advisory lock a COD PLACE ORDER takes in its transaction too), held
-- until the statement commits, and only then looks at the shopper's orders: a function's queries each take a
-- new snapshot, so a PLACE ORDER that held the lock before is seen, committed. It answers the pending checkout
-- of the same cart within the hold to reuse, and whether another checkout of the shopper in progress carries
-- the code (which the new one must replace first).
CREATE FUNCTION "checkout_claim"(shopper uuid, fingerprint text, coupon integer, reusable_after timestamptz)
RETURNS TABLE (reuse_id uuid, reuse_razorpay_order_id text, reuse_created_at timestamptz, code_in_the_way boolean)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('checkout:' || shopper::text));
	RETURN QUERY
	SELECT reusable.id, reusable.razorpay_order_id, reusable.created_at,
		coupon IS NOT NULL AND EXISTS (
			SELECT 1 FROM "orders" o
			WHERE o."user_id" = shopper AND o."status" = 'pending' AND o."payment_status" IN ('pending', 'cod_due')
				AND o."coupon_id" = coupon AND o."coupon_use" = 'reserved'
				AND o."id" IS DISTINCT FROM reusable.id)
	FROM (SELECT 1) AS one
	LEFT JOIN LATERAL (
		SELECT o."id", o."razorpay_order_id", o."created_at" FROM "orders" o
		WHERE o."user_id" = shopper AND o."status" = 'pending' AND o."payment_status" = 'pending'
			AND o."cart_fingerprint" = fingerprint AND o."created_at" > reusable_after
		ORDER BY o."created_at" DESC LIMIT 1
	) AS reusable ON true;
END;
$$;
