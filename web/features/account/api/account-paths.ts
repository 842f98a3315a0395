/** The account API's paths, relative to the API base (see web/lib/api-client.ts). */
export const accountApiPaths = {
  sessions: '/auth/sessions',
  session: (id: string) => `/auth/sessions/${encodeURIComponent(id)}`,
  exportData: '/auth/account/export',
  deletionCode: '/auth/account/deletion-code',
  deleteAccount: '/auth/account/delete',
  whatsapp: '/account/whatsapp',
} as const;
