/** The accounts API's paths, relative to the API base (see web/lib/api-client.ts). */
export const authApiPaths = {
  sendOtp: '/auth/send-otp',
  verifyOtp: '/auth/verify-otp',
  signup: '/auth/signup',
  login: '/auth/login',
  loginWithCode: '/auth/login/code',
  resetPassword: '/auth/password/reset',
  phoneVerify: '/auth/phone/verify',
  phoneSignup: '/auth/phone/signup',
  google: '/auth/google',
  logout: '/auth/logout',
  profile: '/auth/profile',
} as const;
