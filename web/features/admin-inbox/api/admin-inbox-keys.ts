/** Every inbox query starts with these, so a reply or a status change can refresh them together. */
export const adminInboxKeys = {
  all: ['admin', 'messages'] as const,
  list: (status: string, topic: string, page: number) =>
    ['admin', 'messages', 'list', status, topic, page] as const,
  message: (id: string) => ['admin', 'messages', 'detail', id] as const,
};
