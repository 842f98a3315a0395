-- docs/architecture.md#security: a code's scope (an address, or a COD order's confirmation), each with its own
-- live code, sends and resend interval.
ALTER TABLE "otp_codes" ADD COLUMN "scope" text DEFAULT 'account' NOT NULL;
