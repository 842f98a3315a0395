/** docs/product.md#otp: a new code to the same address waits this long after the last one. */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
