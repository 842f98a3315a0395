import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '../../contracts/staff';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createStaffMember, TEST_STAFF_PASSWORD } from '../test/staff-factory';

// docs/architecture.md#staff: in production the console's password, codes and cookie travel only over TLS.
describe('the console in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: 'production', allowSimulators: true, jobWorkers: false, trustProxy: 1 });
  });
  afterAll(() => app.closeAndDrop());

  it('refuses plain http with a 403 that says to use https, before any password is read', async () => {
    const owner = await createStaffMember(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: owner.email, password: TEST_STAFF_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ message: staffMessages.httpsOnly });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const session = await app.inject({ method: 'GET', url: '/api/admin/session', headers: owner.headers });
    expect(session.statusCode).toBe(403);
  });

  it('over TLS behind the trusted proxy, sets a Secure __Host- cookie', async () => {
    const owner = await createStaffMember(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: owner.email, password: TEST_STAFF_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-mitten_staff=/);
    expect(setCookie).toMatch(/; Secure/);
  });
});
