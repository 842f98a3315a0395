/** Every console reviews query starts with these, so an action refreshes every list and its counts. */
export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (status: string, page: number) => ['admin', 'reviews', 'list', status, page] as const,
  settings: ['admin', 'review-settings'] as const,
};
