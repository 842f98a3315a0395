import { describe, expect, it } from 'vitest';
import { inboxFiltersFrom, inboxQuery } from './inbox-filters';

describe('the inbox filter in the URL', () => {
  it('reads a known status and page, and treats anything else as all messages, page 1', () => {
    expect(inboxFiltersFrom(new URLSearchParams('status=replied&page=3'))).toEqual({
      status: 'replied',
      page: 3,
    });
    expect(inboxFiltersFrom(new URLSearchParams('status=spam&page=-2'))).toEqual({
      status: undefined,
      page: 1,
    });
    expect(inboxFiltersFrom(new URLSearchParams('page=1.5'))).toEqual({ status: undefined, page: 1 });
  });

  it('writes only what differs from the default', () => {
    expect(inboxQuery({ status: undefined, page: 1 })).toBe('');
    expect(inboxQuery({ status: 'new', page: 1 })).toBe('?status=new');
    expect(inboxQuery({ status: 'closed', page: 2 })).toBe('?status=closed&page=2');
  });
});
