// The accounts' limits and messages without zod: forms and pages import them without loading the
// schemas (docs/operations.md#performance-budget); contracts/auth.ts re-exports them.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

export { accountBlockedMessage } from './account-blocked';

export const authMessages = {
  otpSentEmail: 'OTP sent to your email! Please check your inbox and spam folder.',
  otpSentPhone: 'OTP sent to your phone!',
  otpVerified: 'OTP verified successfully!',
  otpFailed: 'OTP verification failed',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpWrong: 'The OTP is incorrect. Please check it and try again.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpTooManyTries: 'Too many wrong attempts. Please request a new OTP.',
  otpTooManySends: 'Too many OTP requests. Please wait 15 minutes and try again.',
  otpSmsPaused: 'We cannot send an OTP by SMS right now. Please use your email instead, or try again later.',
  phoneChangeNeedsOtp: 'Please verify the new phone number with an OTP before saving it.',
  phoneTaken: 'This phone number belongs to another account.',
  signupFailed: 'Signup failed',
  signupSuccess: 'Signup successful! Please login.',
  accountExists: 'An account with this email or phone already exists. Please log in.',
  commonPassword: 'This password is too common. Please choose a less guessable one.',
  lastNameAt: 'Last name cannot contain @',
  invalidCredentials: 'Invalid email/phone or password',
  loginSuccess: 'Login successful',
  googleInvalid: 'Invalid Google credential response',
  googleUnverified: 'Your Google account e-mail is not verified.',
  emailReadOnly: 'Email cannot be changed.',
  loggedOut: 'Logged out',
} as const;
