/** Every console NDR query starts with these, so an action refreshes both tabs and the dashboard's rates. */
export const ndrKeys = {
  all: ['admin', 'ndr'] as const,
  queue: (state: string) => ['admin', 'ndr', 'queue', state] as const,
};
