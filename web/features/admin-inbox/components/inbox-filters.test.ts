import { describe, expect, it } from 'vitest';
import { inboxFiltersFrom, inboxQuery } from './inbox-filters';

describe('the inbox filter in the URL', () => {
  it('reads a known status, topic and page, and treats anything else as all messages, page 1', () => {
    expect(inboxFiltersFrom(new URLSearchParams('status=replied&page=3'))).toEqual({
      status: 'replied',
      topic: undefined,
      page: 3,
    });
    expect(inboxFiltersFrom(new URLSearchParams('topic=complaint'))).toEqual({
      status: undefined,
      topic: 'complaint',
      page: 1,
    });
    expect(inboxFiltersFrom(new URLSearchParams('status=spam&topic=rant&page=-2'))).toEqual({
      status: undefined,
      topic: undefined,
      page: 1,
    });
    expect(inboxFiltersFrom(new URLSearchParams('page=1.5'))).toEqual({
      status: undefined,
      topic: undefined,
      page: 1,
    });
  });

  it('writes only what differs from the default', () => {
    expect(inboxQuery({ status: undefined, topic: undefined, page: 1 })).toBe('');
    expect(inboxQuery({ status: 'new', topic: undefined, page: 1 })).toBe('?status=new');
    expect(inboxQuery({ status: 'closed', topic: undefined, page: 2 })).toBe('?status=closed&page=2');
    expect(inboxQuery({ status: undefined, topic: 'complaint', page: 1 })).toBe('?topic=complaint');
  });
});
