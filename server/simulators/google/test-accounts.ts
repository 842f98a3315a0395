export interface TestGoogleAccount {
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
}

export const testGoogleAccounts: readonly TestGoogleAccount[] = [
  { email: 'priya.sharma@example.com', givenName: 'Priya', familyName: 'Sharma', emailVerified: true },
  { email: 'arjun.mehta@example.com', givenName: 'Arjun', familyName: 'Mehta', emailVerified: true },
  { email: 'neha.unverified@example.com', givenName: 'Neha', familyName: 'Kapoor', emailVerified: false },
];
