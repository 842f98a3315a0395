import { spawn } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeMessages } from '../../../contracts/challenge';
import {
  type AuditPage,
  type StaffSetupInfo,
  staffConsoleMessages,
  staffMessages,
} from '../../../contracts/staff';
import {
  auditLog,
  codRemittanceLines,
  codRemittances,
  securityAlerts,
  staff,
  staffRecoveryCodes,
  staffSessions,
  staffSetupLinks,
} from '../../db/schema';
import { bearer } from '../../test/auth-helpers';
import { solvedChallengeHeader } from '../../test/bot-challenge-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readOutbox } from '../../test/dev-outbox';
import { createShopper } from '../../test/shopper-factory';
import { createStaffMember, totpCodeAt } from '../../test/staff-factory';
import { migratedPgliteFolder } from '../../test/test-database';
import { hashToken } from '../auth/tokens';
import { runAdminCommand } from './command-line';
import { secretBox } from './secret-box';
import { sealUnsealedTotpSecrets } from './setup-service';
import { staffFailures } from './staff-throttle';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 100_000, jobWorkers: false, loginFailureDelayScale: 0 });
});
afterAll(() => app.closeAndDrop());

const PASSWORD = 'walnut-loom-tassel-9';
const FROM_BROWSER = { 'x-requested-with': 'fetch' };
let sequence = 0;
const uniqueEmail = () => `owner${Date.now() % 1_000_000}${++sequence}@example.in`;

async function createOwnerByCommand(email = uniqueEmail(), role = 'owner') {
  const output = await runAdminCommand(
    app.db,
    ['create-staff', '--email', email, '--name', 'Asha Rao', '--role', role],
    'https://shop.example',
  );
  const token = output.split('/admin/setup/')[1]?.trim() ?? '';
  return { email, token, output };
}

async function setUp(token: string) {
  const info = await app.inject({ method: 'GET', url: `/api/admin/setup/${token}` });
  expect(info.statusCode, info.body).toBe(200);
  const { totpSecret } = info.json<StaffSetupInfo>();
  const done = await app.inject({
    method: 'POST',
    url: `/api/admin/setup/${token}`,
    payload: { password: PASSWORD, code: totpCodeAt(totpSecret) },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { totpSecret, recoveryCodes: done.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function passwordStep(email: string, password = PASSWORD, remoteAddress = '10.9.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress,
    payload: { email, password },
  });
}

function staffCookie(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((item) => item.name === 'mitten_staff');
  if (!cookie) throw new Error('no staff cookie set');
  return `mitten_staff=${cookie.value}`;
}

async function codeStep(
  cookie: string,
  proof: { code: string } | { recoveryCode: string },
  remoteAddress = '10.9.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress,
    headers: { cookie, ...FROM_BROWSER },
    payload: proof,
  });
}

async function signedUpOwner() {
  const created = await createOwnerByCommand();
  const setup = await setUp(created.token);
  return { ...created, ...setup };
}

describe('the first owner from the command line', () => {
  it('prints a one-time set-up link, stores it hashed for 24 hours, audits with no staff, refuses a duplicate', async () => {
    const { email, token, output } = await createOwnerByCommand();
    expect(output).toContain(`Created owner Asha Rao <${email}>.`);
    expect(output).toMatch(/https:\/\/shop\.example\/admin\/setup\/[\w-]{43}$/);
    const [link] = await app.db
      .select()
      .from(staffSetupLinks)
      .where(eq(staffSetupLinks.tokenHash, hashToken(token)));
    expect(link?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    expect(link?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const [member] = await app.db.select().from(staff).where(eq(staff.email, email));
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, member?.id ?? ''));
    expect(rows).toMatchObject([{ staffId: null, action: 'staff.create', after: { email, role: 'owner' } }]);
    await expect(createOwnerByCommand(email.toUpperCase())).rejects.toThrow(staffConsoleMessages.emailTaken);
    await expect(runAdminCommand(app.db, ['create-staff', '--email', 'x'], '')).rejects.toThrow(/--name/);
    await expect(runAdminCommand(app.db, ['delete-everything'], '')).rejects.toThrow(/Usage/);
  });

  // Against a shop's folder; the compiled command on an empty folder is the browser tests' (compiled-server).
  it('runs as `npm run admin` against its own PGlite folder', async () => {
    const { dataDir, remove } = await migratedPgliteFolder();
    try {
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        // node with tsx's loader, as `npm run admin` runs it, without npx and the tsx command's own process.
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'scripts/admin.ts',
            'create-staff',
            '--email',
            'first@example.in',
            '--name',
            'First',
            '--role',
            'owner',
          ],
          {
            env: {
              ...process.env,
              DATABASE_URL: '',
              DATA_DIR: dataDir,
              PUBLIC_URL: 'https://mittens.example',
            },
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/https:\/\/mittens\.example\/admin\/setup\/[\w-]{43}/);
    } finally {
      await remove();
    }
  }, 60_000);
});

describe('set-up', () => {
  it('keeps one secret until confirmed, checks the password and the code, gives 10 codes, and works once', async () => {
    const { token } = await createOwnerByCommand();
    const first = (
      await app.inject({ method: 'GET', url: `/api/admin/setup/${token}` })
    ).json<StaffSetupInfo>();
    const again = (
      await app.inject({ method: 'GET', url: `/api/admin/setup/${token}` })
    ).json<StaffSetupInfo>();
    expect(again.totpSecret).toBe(first.totpSecret);
    expect(first.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(first.otpauthUrl).toContain('otpauth://totp/');

    const common = await app.inject({
      method: 'POST',
      url: `/api/admin/setup/${token}`,
      payload: { password: 'password123', code: totpCodeAt(first.totpSecret) },
    });
    expect(common.json()).toEqual({
      message: 'This password is too common. Please choose a less guessable one.',
    });
    const wrongCode = await app.inject({
      method: 'POST',
      url: `/api/admin/setup/${token}`,
      payload: { password: PASSWORD, code: totpCodeAt(first.totpSecret, 5) },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: staffConsoleMessages.setupCodeWrong });

    const done = await app.inject({
      method: 'POST',
      url: `/api/admin/setup/${token}`,
      payload: { password: PASSWORD, code: totpCodeAt(first.totpSecret) },
    });
    expect(done.statusCode).toBe(200);
    const { recoveryCodes } = done.json<{ recoveryCodes: string[] }>();
    expect(new Set(recoveryCodes).size).toBe(10);

    for (const method of ['GET', 'POST'] as const) {
      const used = await app.inject({
        method,
        url: `/api/admin/setup/${token}`,
        ...(method === 'POST'
          ? { payload: { password: PASSWORD, code: totpCodeAt(first.totpSecret, 1) } }
          : {}),
      });
      expect(used.statusCode).toBe(404);
      expect(used.json()).toEqual({ message: staffConsoleMessages.setupLinkInvalid });
    }
  });

  it('refuses an expired link with the same message', async () => {
    const { token } = await createOwnerByCommand();
    await app.db
      .update(staffSetupLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSetupLinks.tokenHash, hashToken(token)));
    const expired = await app.inject({ method: 'GET', url: `/api/admin/setup/${token}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: staffConsoleMessages.setupLinkInvalid });
  });
});

describe('sign-in', () => {
  it('goes password, then code; the pending session opens nothing else; sign-out ends it', async () => {
    const owner = await signedUpOwner();
    const first = await passwordStep(owner.email);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ next: 'code' });
    const cookie = staffCookie(first);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);

    const early = await app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie } });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ message: staffMessages.signInFirst });

    const done = await codeStep(cookie, { code: totpCodeAt(owner.totpSecret, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ next: 'done', staff: { email: owner.email, role: 'owner' } });
    // The code step hands out a new token: the password step's, had anyone seen it, opens nothing.
    const full = staffCookie(done);
    expect(full).not.toBe(cookie);
    const stale = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: full } });
    expect(me.json()).toMatchObject({ staff: { email: owner.email, name: 'Asha Rao', role: 'owner' } });

    const out = await app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: { cookie: full, ...FROM_BROWSER },
    });
    expect(out.json()).toEqual({ status: 'success', message: staffConsoleMessages.signedOut });
    const after = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: full } });
    expect(after.statusCode).toBe(401);
  });

  it('accepts a TOTP code once, and never an older one', async () => {
    const owner = await signedUpOwner();
    const code = totpCodeAt(owner.totpSecret, 1);
    const first = staffCookie(await passwordStep(owner.email));
    expect((await codeStep(first, { code })).statusCode).toBe(200);

    const second = staffCookie(await passwordStep(owner.email));
    const replay = await codeStep(second, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: staffConsoleMessages.signInFailed });
    const older = await codeStep(second, { code: totpCodeAt(owner.totpSecret, 0) });
    expect(older.json()).toEqual({ message: staffConsoleMessages.signInFailed });
  });

  it('accepts a recovery code once', async () => {
    const owner = await signedUpOwner();
    const recoveryCode = owner.recoveryCodes[3] ?? '';
    const first = staffCookie(await passwordStep(owner.email));
    expect((await codeStep(first, { recoveryCode: recoveryCode.toLowerCase() })).statusCode).toBe(200);
    const second = staffCookie(await passwordStep(owner.email));
    const again = await codeStep(second, { recoveryCode });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: staffConsoleMessages.signInFailed });
  });

  it('answers an unknown e-mail, a wrong password, a disabled member and a wrong code alike', async () => {
    const owner = await signedUpOwner();
    const other = await signedUpOwner();
    await app.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.email, other.email));
    const failures = [
      await passwordStep('nobody@example.in'),
      await passwordStep(owner.email, 'not-the-password'),
      await passwordStep(other.email),
      await codeStep(staffCookie(await passwordStep(owner.email)), { code: '000000' }),
    ];
    for (const failure of failures) {
      expect(failure.statusCode).toBe(401);
      expect(failure.json()).toEqual({ message: staffConsoleMessages.signInFailed });
    }
  });

  it('takes 5 wrong codes on one pending sign-in, even sent at once, then refuses the right one; each is audited and alerted', async () => {
    const owner = await signedUpOwner();
    const cookie = staffCookie(await passwordStep(owner.email, PASSWORD, '10.9.5.1'));
    // An attacker who solves the bot challenge for every try: the attempts limit holds on its own.
    const codeWithSolution = async (code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/session',
        remoteAddress: '10.9.5.1',
        headers: { cookie, ...FROM_BROWSER, ...(await solvedChallengeHeader(app)) },
        payload: { code },
      });
    const wrong = Array.from({ length: 16 }, (_, index) => String(100_000 + index));
    const replies = await Promise.all(wrong.map(codeWithSolution));
    expect(replies.map((reply) => reply.statusCode)).toEqual(wrong.map(() => 401));
    const messages = replies.map((reply) => reply.json<{ message: string }>().message);
    expect(messages.filter((message) => message === staffConsoleMessages.signInFailed)).toHaveLength(4);
    expect(messages.filter((message) => message === staffConsoleMessages.tooManyCodes)).toHaveLength(12);

    const right = await codeWithSolution(totpCodeAt(owner.totpSecret, 1));
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: staffConsoleMessages.tooManyCodes });

    const [member] = await app.db.select().from(staff).where(eq(staff.email, owner.email));
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, member?.id ?? ''), eq(auditLog.action, 'staff.sign_in_code_failed')));
    expect(
      audited.map((row) => row.after).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([1, 2, 3, 4, 5].map((attempt) => ({ attempt })));
    const [alert] = await app.db
      .select()
      .from(securityAlerts)
      .where(and(eq(securityAlerts.kind, 'staff_code_failures'), eq(securityAlerts.subject, owner.email)));
    expect(alert?.occurrences).toBe(5);
    expect(alert?.detail).toContain(`The console password of ${owner.email} was right`);

    // The password again starts a new sign-in, which the right code completes.
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      remoteAddress: '10.9.5.2',
      headers: await solvedChallengeHeader(app),
      payload: { email: owner.email, password: PASSWORD },
    });
    const done = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      remoteAddress: '10.9.5.2',
      headers: { cookie: staffCookie(again), ...FROM_BROWSER, ...(await solvedChallengeHeader(app)) },
      payload: { code: totpCodeAt(owner.totpSecret, 1) },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('keeps no readable secret in the database: the TOTP secret sealed, recovery codes hashed', async () => {
    const owner = await signedUpOwner();
    const [member] = await app.db.select().from(staff).where(eq(staff.email, owner.email));
    expect(member?.totpSecret).toMatch(/^sealed\.v1\./);
    expect(member?.totpSecret).not.toContain(owner.totpSecret);
    const codes = await app.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, member?.id ?? ''));
    expect(codes).toHaveLength(owner.recoveryCodes.length);
    const stored = JSON.stringify(codes);
    for (const code of owner.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    // A secret stored in clear before sealing existed is sealed at start, and still signs in.
    await app.db.update(staff).set({ totpSecret: owner.totpSecret }).where(eq(staff.email, owner.email));
    await sealUnsealedTotpSecrets(app.db, secretBox(undefined));
    const [sealed] = await app.db.select().from(staff).where(eq(staff.email, owner.email));
    expect(sealed?.totpSecret).toMatch(/^sealed\.v1\./);
    const cookie = staffCookie(await passwordStep(owner.email));
    expect((await codeStep(cookie, { code: totpCodeAt(owner.totpSecret, 1) })).statusCode).toBe(200);
  });

  it('refuses the code step 5 minutes after the password', async () => {
    const owner = await signedUpOwner();
    const cookie = staffCookie(await passwordStep(owner.email));
    const token = decodeURIComponent(cookie.split('=')[1] ?? '');
    await app.db
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where(eq(staffSessions.tokenHash, hashToken(token)));
    const late = await codeStep(cookie, { code: totpCodeAt(owner.totpSecret, 1) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: staffConsoleMessages.codeStepExpired });
  });

  it('asks for the bot challenge after failures on the account from many IPs, and lets the owner in with it', async () => {
    const owner = await signedUpOwner();
    for (let attempt = 0; attempt < staffFailures.limits.account; attempt++) {
      const guess = await passwordStep(owner.email, 'wrong-guess', `10.9.2.${attempt + 1}`);
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual({ message: staffConsoleMessages.signInFailed });
    }
    const asked = await passwordStep(owner.email, PASSWORD, '10.9.3.1');
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toEqual({ message: challengeMessages.required });

    const wrongWithSolution = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      remoteAddress: '10.9.3.1',
      headers: await solvedChallengeHeader(app),
      payload: { email: owner.email, password: 'another-guess' },
    });
    expect(wrongWithSolution.statusCode).toBe(401);
    expect(wrongWithSolution.json()).toEqual({ message: staffConsoleMessages.signInFailed });

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      remoteAddress: '10.9.3.1',
      headers: await solvedChallengeHeader(app),
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = staffCookie(signedIn);
    // The account's failures still stand until a sign-in completes, so the code step asks too.
    const codeAsked = await codeStep(cookie, { code: totpCodeAt(owner.totpSecret, 1) }, '10.9.3.1');
    expect(codeAsked.statusCode).toBe(428);
    const done = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      remoteAddress: '10.9.3.1',
      headers: { cookie, ...FROM_BROWSER, ...(await solvedChallengeHeader(app)) },
      payload: { code: totpCodeAt(owner.totpSecret, 1) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ next: 'done', staff: { email: owner.email } });
    // A completed sign-in clears the account's failures: the next one is not asked.
    expect((await passwordStep(owner.email, PASSWORD, '10.9.3.2')).statusCode).toBe(200);
  });

  it('asks for the bot challenge from an IP after its failures, for any account, never with a 429', async () => {
    for (let attempt = 0; attempt < staffFailures.limits.ip; attempt++) {
      const guess = await passwordStep(`guess${attempt}@example.in`, 'wrong-guess', '10.9.4.1');
      expect(guess.statusCode).toBe(401);
    }
    const other = await signedUpOwner();
    const fromThatIp = await passwordStep(other.email, PASSWORD, '10.9.4.1');
    expect(fromThatIp.statusCode).toBe(428);
    expect(fromThatIp.json()).toEqual({ message: challengeMessages.required });
    expect((await passwordStep(other.email, PASSWORD, '10.9.4.2')).statusCode).toBe(200);
  });
});

describe('console sessions', () => {
  it('end after 30 idle minutes and after 12 hours', async () => {
    const member = await createStaffMember(app);
    const sessionOf = eq(staffSessions.tokenHash, hashToken(member.token));
    const me = () => app.inject({ method: 'GET', url: '/api/admin/session', headers: member.headers });
    expect((await me()).statusCode).toBe(200);
    await app.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(sessionOf);
    expect((await me()).statusCode).toBe(401);

    const other = await createStaffMember(app);
    await app.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.tokenHash, hashToken(other.token)));
    const expired = await app.inject({ method: 'GET', url: '/api/admin/session', headers: other.headers });
    expect(expired.statusCode).toBe(401);
  });
});

async function adminRoutes() {
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { tags?: string[] }>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
}

// Open without a session by design: the password step and the set-up link (its token is the key).
const openRoutes = new Set([
  'POST /api/admin/session',
  'GET /api/admin/setup/{token}',
  'POST /api/admin/setup/{token}',
]);
const concrete = (path: string) =>
  path.replace('{staffId}', '00000000-0000-4000-8000-000000000000').replace('{token}', 'x');

describe('the /api/admin routes', () => {
  it('are all in the OpenAPI document, tagged admin', async () => {
    const routes = await adminRoutes();
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/admin/session',
        'GET /api/admin/audit',
        'GET /api/admin/session',
        'GET /api/admin/staff',
        'PATCH /api/admin/staff/{staffId}',
        'POST /api/admin/staff',
        'POST /api/admin/staff/{staffId}/disable',
      ]),
    );
    for (const route of routes) expect(route.operation.tags).toEqual(['admin']);
  });

  it("refuse a shopper's Bearer token and a shopper's cookie with a 401, on every route", async () => {
    const shopper = await createShopper(app);
    const routes = (await adminRoutes()).filter((route) => !openRoutes.has(`${route.method} ${route.path}`));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const headers of [
      bearer(shopper.token),
      { cookie: `mitten_session=${shopper.token}`, ...FROM_BROWSER },
    ]) {
      for (const route of routes) {
        const response = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.path),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: { role: 'support', email: 'a@b.in', name: 'A' } }),
        });
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    }
    const codeWithShopperToken = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: bearer(shopper.token),
      payload: { code: '123456' },
    });
    expect(codeWithShopperToken.statusCode).toBe(401);
  });

  it('refuse support on owner-only routes with a 403', async () => {
    const support = await createStaffMember(app, { role: 'support' });
    const ownerOnly = (await adminRoutes()).filter(
      (route) => route.path.startsWith('/api/admin/staff') || route.path === '/api/admin/audit',
    );
    for (const route of ownerOnly) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.path),
        headers: support.headers,
        ...(route.method === 'GET' ? {} : { payload: { role: 'support', email: 'a@b.in', name: 'A' } }),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toEqual({ message: staffMessages.ownerOnly });
    }
    const me = await app.inject({ method: 'GET', url: '/api/admin/session', headers: support.headers });
    expect(me.statusCode).toBe(200);
  });
});

describe('staff management', () => {
  it('invites by e-mail, changes a role, disables (ending their sessions), each audited before and after', async () => {
    const owner = await createStaffMember(app, { name: 'Owner One' });
    const email = uniqueEmail();
    const invited = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: owner.headers,
      payload: { email: ` ${email.toUpperCase()} `, name: 'Sam Support', role: 'support' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = invited.json<{ staff: { id: string; status: string } }>().staff;
    expect(invited.json()).toMatchObject({
      message: staffConsoleMessages.invited,
      staff: { email, status: 'invited' },
    });
    const [mail] = await readOutbox(app, email);
    expect(mail?.subject).toBe('Your Ottoman Mittens console account');
    expect(mail?.body).toContain('Owner One has invited you');
    const token = mail?.body.match(/\/admin\/setup\/([\w-]+)/)?.[1] ?? '';
    expect(mail?.html).toContain(`/admin/setup/${token}`);
    await setUp(token);

    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: owner.headers,
      payload: { email, name: 'Again', role: 'support' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: staffConsoleMessages.emailTaken });

    const promoted = await app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { role: 'owner' },
    });
    expect(promoted.json()).toMatchObject({
      message: staffConsoleMessages.roleChanged,
      staff: { role: 'owner', status: 'active' },
    });

    const session = await passwordStep(email);
    const disabled = await app.inject({
      method: 'POST',
      url: `/api/admin/staff/${member.id}/disable`,
      headers: owner.headers,
    });
    expect(disabled.json()).toMatchObject({
      message: staffConsoleMessages.disabled,
      staff: { status: 'disabled' },
    });
    const live = await app.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, member.id)));
    expect(live.length).toBe(1);
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    expect(session.statusCode).toBe(200);

    const self = await app.inject({
      method: 'POST',
      url: `/api/admin/staff/${owner.staffId}/disable`,
      headers: owner.headers,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: staffConsoleMessages.notYourself });
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/admin/staff/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
      payload: { role: 'owner' },
    });
    expect(missing.statusCode).toBe(404);

    const audit = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityId=${member.id}`,
      headers: owner.headers,
    });
    const entries = audit.json<AuditPage>().entries;
    expect(entries.map((entry) => [entry.action, entry.staffId, entry.before, entry.after])).toEqual([
      ['staff.disable', owner.staffId, { disabled: false }, { disabled: true }],
      ['staff.change_role', owner.staffId, { role: 'support' }, { role: 'owner' }],
      ['staff.setup', member.id, { status: 'invited' }, { status: 'active' }],
      ['staff.create', owner.staffId, null, { email, name: 'Sam Support', role: 'support' }],
    ]);
    expect(entries[0]?.staffName).toBe('Owner One');
  });
});

describe('the audit log', () => {
  // docs/product.md#staff: each record by the name people know it by, not its UUID.
  it('names returns, remittances, shoppers, staff and settings as people do', async () => {
    const owner = await createStaffMember(app, { name: 'Asha Rao' });
    const [remittance] = await app.db
      .insert(codRemittances)
      .values({
        reference: `CRF-${crypto.randomUUID()}`,
        utr: 'HDFC0001234567',
        remittedOn: '2026-11-20',
        amountPaise: 120_000,
        source: 'file',
      })
      .returning();
    const [line] = await app.db
      .insert(codRemittanceLines)
      .values({
        remittanceId: remittance?.id ?? '',
        line: 2,
        awb: 'AWB123',
        fileOrderId: 'OM-1',
        codAmountPaise: 120_000,
        remittedAmountPaise: 120_000,
      })
      .returning();
    const shopper = await createShopper(app, { email: null, phone: '9886022222' });
    const returnId = 'b2c3d4e5-0000-4000-8000-000000000002';
    const records: [string, string, string][] = [
      ['return', returnId, 'RT-B2C3D4E5'],
      ['cod_remittance_line', line?.id ?? '', 'UTR HDFC0001234567, line 2'],
      ['customer', shopper.user._id, `${shopper.user.firstName} ${shopper.user.lastName}, 9886022222`],
      ['staff', owner.staffId, 'Asha Rao'],
      ['shop_settings', '1', 'Shop settings'],
    ];
    for (const [entityType, entityId] of records) {
      await app.db
        .insert(auditLog)
        .values({ staffId: owner.staffId, action: 'test.named', entityType, entityId });
    }
    const reply = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=test.named',
      headers: owner.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const named = reply
      .json<AuditPage>()
      .entries.map((entry) => [entry.entityType, entry.entityId, entry.entityLabel]);
    // Rows written in one millisecond tie on their time: the names are what is checked, not their order.
    const byType = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
      String(a[0]).localeCompare(String(b[0]));
    expect(named.sort(byType)).toEqual([...records].sort(byType));
  });

  it('pages newest first by keyset and filters by member, action and date', async () => {
    const owner = await createStaffMember(app);
    const entity = crypto.randomUUID();
    for (let index = 0; index < 5; index++) {
      await app.db.insert(auditLog).values({
        staffId: owner.staffId,
        action: index % 2 === 0 ? 'test.even' : 'test.odd',
        entityType: 'test',
        entityId: entity,
        after: { index },
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      });
    }
    const read = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/audit?entityId=${entity}&${query}`,
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>();
    };
    const first = await read('limit=2');
    expect(first.entries.map((entry) => entry.after)).toEqual([{ index: 4 }, { index: 3 }]);
    const second = await read(`limit=2&after=${first.next}`);
    expect(second.entries.map((entry) => entry.after)).toEqual([{ index: 2 }, { index: 1 }]);
    const third = await read(`limit=2&after=${second.next}`);
    expect(third.entries.map((entry) => entry.after)).toEqual([{ index: 0 }]);
    expect(third.next).toBeNull();
    expect(third.entries[0]?.entityLabel).toBeNull();

    // An order is named by its OM number, as the shopper and the console know it.
    const orderId = 'a1b2c3d4-0000-4000-8000-000000000001';
    await app.db.insert(auditLog).values({
      staffId: owner.staffId,
      action: 'order.note',
      entityType: 'order',
      entityId: orderId,
    });
    const orderEntries = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityId=${orderId}`,
      headers: owner.headers,
    });
    expect(orderEntries.json<AuditPage>().entries[0]?.entityLabel).toBe('OM-A1B2C3D4');

    expect((await read('action=test.odd')).entries.map((entry) => entry.after)).toEqual([
      { index: 3 },
      { index: 1 },
    ]);
    expect(
      (await read(`staffId=${owner.staffId}&from=2026-01-02T00:00:00Z&to=2026-01-03T00:00:00Z`)).entries,
    ).toHaveLength(2);

    const bad = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?after=nonsense',
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: staffConsoleMessages.badCursor });
  });
});
