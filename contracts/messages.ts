// The spec's user-facing texts (spec §5 and §8), quoted exactly. Pages, server and tests use these.

export const messages = {
  // §5 validation
  phoneTenDigits: 'Phone number must be exactly 10 digits (e.g., 1234567890)',
  phoneOtpFormat: 'Invalid phone number format. Please use +91XXXXXXXXXX or 10-digit number',
  phoneRequired: 'Phone number is required',
  emailInvalid: 'Please enter a valid email address',
  verifyOtpFirst: 'Please verify OTP before signing up',
  requiredFieldsPrefix: 'Please fill in all required fields: ',
  passwordTooShort: 'Password must be at least 6 characters long',
  pincodeTooShort: 'Pincode must be at least 6 characters long',
  noToken: 'No authentication token found',
  completeProfile: 'Please complete your profile with address details before placing order.',
  emptyCart: 'Your cart is empty. Please add items before placing order.',
  razorpayOrderFailed: 'Failed to create Razorpay order',
  invalidPaymentResponse: 'Invalid payment response received',

  // §8 transport
  unauthorized: 'Unauthorized. Please login again.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  requestFailed: 'Request failed',
  httpError: (status: number) => `HTTP error! status: ${status}`,

  // §8 profile and catalogue
  pleaseLogIn: 'Please log in to view this page.',
  productNotFound: 'Product not found',

  // §8 contact
  messageSent: 'Message sent successfully!',
  messageFailed: 'Failed to send message. Please try again.',

  // Ours, where the spec has none
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  bodyTooLarge: 'The request is too large.',
  unexpected: 'Something went wrong. Please try again.',
  nulCharacter: 'Text may not contain the NUL character.',
} as const;
