// The user-facing texts (docs/product.md#validation and docs/product.md#messages), quoted exactly. Pages, server and tests use these.

import { transportMessages } from './transport-messages';

export const messages = {
  // validation (docs/product.md#validation)
  phoneTenDigits: 'Phone number must be exactly 10 digits (e.g., 9876543211)',
  phoneOtpFormat: 'Invalid phone number format. Please use +91 98765 43211 or a 10-digit number',
  phoneRequired: 'Phone number is required',
  phoneNotMobile: 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.',
  emailInvalid: 'Please enter a valid email address',
  verifyOtpFirst: 'Please verify OTP before signing up',
  requiredFieldsPrefix: 'Please fill in all required fields: ',
  passwordTooShort: 'Password must be at least 6 characters long',
  noToken: 'No authentication token found',
  completeProfile: 'Please complete your profile with address details before placing order.',
  emptyCart: 'Your cart is empty. Please add items before placing order.',
  razorpayOrderFailed: 'Failed to create Razorpay order',
  invalidPaymentResponse: 'Invalid payment response received',

  ...transportMessages,

  // profile and catalogue (docs/product.md#messages)
  pleaseLogIn: 'Please log in to view this page.',
  productNotFound: 'Product not found',

  // contact (docs/product.md#messages)
  messageSent: 'Message sent successfully!',
  messageFailed: 'Failed to send message. Please try again.',

  // Ours, where the original client has none
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  bodyTooLarge: 'The request is too large.',
  unexpected: 'Something went wrong. Please try again.',
  nulCharacter: 'Text may not contain the NUL character.',
  nestedTooDeep: 'The request body is nested too deeply.',
  imagesBusy: 'Too many pictures are being processed right now. Please try again in a minute.',
} as const;
