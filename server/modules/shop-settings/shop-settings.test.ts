import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinMessages } from '../../../contracts/gstin';
import {
  type ShopSettingsInput,
  type ShopSettingsReply,
  shopSettingsMessages,
} from '../../../contracts/shop-settings';
import { staffMessages } from '../../../contracts/staff';
import { auditLog } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createStaffMember } from '../../test/staff-factory';
import { missingSellerDetailsHint } from './missing-details-hint';
import { readShopSettings } from './read-shop-settings';

let app: TestApp;
let owner: { authorization: string };
let ownerId: string;
let support: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp({ jobWorkers: false });
  const ownerMember = await createStaffMember(app, { role: 'owner', name: 'Asha Rao' });
  owner = ownerMember.headers;
  ownerId = ownerMember.staffId;
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(async () => {
  await app.closeAndDrop();
});

const karnataka: ShopSettingsInput = {
  legalName: 'Ottoman Mittens Private Limited',
  addressLine1: '12 MG Road',
  addressLine2: 'Ashok Nagar',
  city: 'Bengaluru',
  pincode: '560001',
  stateCode: '29',
  gstin: '29AAGCB7383J1Z4',
  invoicePrefix: 'OM',
  creditNotePrefix: 'OMCN',
  signatureLine: 'For Ottoman Mittens: Authorised signatory',
  dispatchDays: 3,
};

function put(payload: object, headers = owner) {
  return app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload });
}

function fieldErrorsOf(response: { json: () => unknown }) {
  const body = response.json() as { errors?: { field: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.message]));
}

// docs/operations.md#seller-details: a shop starts with no seller (no sample GSTIN in any mode), and says what is
// missing on the dashboard, the Settings page and in the log at start until the owner fills it in.
describe('a fresh shop', () => {
  it('has empty seller details, and its start-up hint lists everything the law asks for', async () => {
    const fresh = await readShopSettings(app.db);
    expect(fresh).toMatchObject({ legalName: '', addressLine1: '', gstin: '', stateCode: '', careEmail: '' });
    expect(await missingSellerDetailsHint(app.db)).toBe(
      'Fill in your seller details before the first sale (console, Settings): still missing the seller’s legal name, address and GSTIN; customer care’s e-mail; customer care’s phone; the grievance officer. The shop’s pages leave them out and its invoices print without them until then.',
    );
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().seller).toEqual({
      legalName: '',
      address: '',
      email: '',
      phone: '',
      grievanceOfficer: null,
    });
  });
});

// docs/product.md#seller-and-grievance-officer: customer care's contact and the grievance officer.
const grievance = {
  careEmail: ' Care@OttomanMittens.in ',
  carePhone: '1800-123-4567',
  grievanceOfficerName: 'Priya Raman',
  grievanceOfficerDesignation: 'Head of Customer Care',
  grievanceOfficerEmail: 'grievance@ottomanmittens.in',
  grievanceOfficerPhone: '080 2345 6789',
};

describe('the seller’s contact and grievance officer', () => {
  it('are saved tidied (e-mail lower-cased, numbers written one way), read by support and audited', async () => {
    await put(karnataka);
    const response = await put({ ...karnataka, ...grievance });
    expect(response.statusCode, response.body).toBe(200);
    const saved = {
      careEmail: 'care@ottomanmittens.in',
      carePhone: '1800 123 4567',
      grievanceOfficerName: 'Priya Raman',
      grievanceOfficerDesignation: 'Head of Customer Care',
      grievanceOfficerEmail: 'grievance@ottomanmittens.in',
      grievanceOfficerPhone: '+91 80 2345 6789',
    };
    expect(response.json<ShopSettingsReply>().settings).toMatchObject(saved);
    const read = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: support });
    expect(read.json<ShopSettingsReply>().settings).toMatchObject(saved);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.staffId, ownerId)))
      .orderBy(auditLog.createdAt)
      .then((rows) => rows.slice(-1));
    expect(entry?.after).toEqual(saved);
    expect(entry?.before).toEqual(Object.fromEntries(Object.keys(saved).map((key) => [key, ''])));

    const bySupport = await put({ ...karnataka, ...grievance, grievanceOfficerName: 'Someone' }, support);
    expect(bySupport.statusCode).toBe(403);
    expect((await readShopSettings(app.db)).grievanceOfficerName).toBe('Priya Raman');
    // All the law asks for is there: the start-up log says nothing more about it.
    expect(await missingSellerDetailsHint(app.db)).toBeUndefined();
  });

  it('reach every visitor through GET /api/config, the seller’s address on one line', async () => {
    await put(karnataka);
    const empty = await app.inject({ method: 'GET', url: '/api/config' });
    expect(empty.json().seller).toEqual({
      legalName: 'Ottoman Mittens Private Limited',
      address: '12 MG Road, Ashok Nagar, Bengaluru 560001, Karnataka',
      email: '',
      phone: '',
      grievanceOfficer: null,
    });
    await put({ ...karnataka, ...grievance });
    const filled = await app.inject({ method: 'GET', url: '/api/config' });
    expect(filled.json().seller).toMatchObject({
      email: 'care@ottomanmittens.in',
      phone: '1800 123 4567',
      grievanceOfficer: {
        name: 'Priya Raman',
        designation: 'Head of Customer Care',
        email: 'grievance@ottomanmittens.in',
        phone: '+91 80 2345 6789',
      },
    });
  });

  it.each([
    ['a mobile', '+91 98450-12345', '+91 98450 12345'],
    ['a mobile with a leading 0', '09845012345', '+91 98450 12345'],
    ['a landline with its STD code', '0522 262 2222', '+91 522 262 2222'],
    ['a toll-free number', '18004190001', '1800 419 0001'],
  ])('takes %s as customer care’s phone', async (_case, typed, shown) => {
    const response = await put({ ...karnataka, carePhone: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ShopSettingsReply>().settings.carePhone).toBe(shown);
  });

  it('refuses a number that is not Indian or not whole, and an e-mail without a domain', async () => {
    const response = await put({
      ...karnataka,
      ...grievance,
      careEmail: 'care@',
      carePhone: '12345',
      grievanceOfficerEmail: 'priya',
      grievanceOfficerPhone: '+1 202 555 0100',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response)).toEqual({
      careEmail: shopSettingsMessages.careEmailFormat,
      carePhone: shopSettingsMessages.phoneFormat,
      grievanceOfficerEmail: shopSettingsMessages.officerEmailFormat,
      grievanceOfficerPhone: shopSettingsMessages.phoneFormat,
    });
    const fake = await put({ ...karnataka, carePhone: '99999 99999' });
    expect(fieldErrorsOf(fake)).toEqual({ carePhone: shopSettingsMessages.phoneFormat });
  });

  it('names the grievance officer whole or not at all', async () => {
    const half = await put({ ...karnataka, grievanceOfficerName: 'Priya Raman' });
    expect(half.statusCode).toBe(400);
    expect(fieldErrorsOf(half)).toEqual({
      grievanceOfficerDesignation: shopSettingsMessages.officerDesignationRequired,
      grievanceOfficerEmail: shopSettingsMessages.officerEmailRequired,
      grievanceOfficerPhone: shopSettingsMessages.officerPhoneRequired,
    });
    const none = await put(karnataka);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<ShopSettingsReply>().settings).toMatchObject({
      careEmail: '',
      carePhone: '',
      grievanceOfficerName: '',
    });
  });
});

describe('the shop settings', () => {
  it('an owner saves them, tidied, and all staff read them back', async () => {
    const response = await put({ ...karnataka, gstin: ' 29aagcb7383j1z4 ', invoicePrefix: 'om' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json<ShopSettingsReply>();
    expect(reply.message).toBe(shopSettingsMessages.saved);
    expect(reply.settings).toMatchObject({ ...karnataka, updatedBy: 'Asha Rao' });

    const read = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: support });
    expect(read.statusCode).toBe(200);
    expect(read.json<ShopSettingsReply>().settings).toMatchObject(karnataka);
    expect(await readShopSettings(app.db)).toMatchObject({ ...karnataka, updatedByStaffId: ownerId });
  });

  it('records what changed, before and after, in the audit log', async () => {
    await put(karnataka);
    const response = await put({ ...karnataka, city: 'Mysuru', pincode: '570001', dispatchDays: 5 });
    expect(response.statusCode, response.body).toBe(200);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.staffId, ownerId)))
      .orderBy(auditLog.createdAt)
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      entityType: 'shop_settings',
      entityId: '1',
      before: { city: 'Bengaluru', pincode: '560001', dispatchDays: 3 },
      after: { city: 'Mysuru', pincode: '570001', dispatchDays: 5 },
    });
  });

  it('only an owner may change them; a visitor may not even read them', async () => {
    await put(karnataka);
    const bySupport = await put({ ...karnataka, legalName: 'Someone Else' }, support);
    expect(bySupport.statusCode).toBe(403);
    expect((await readShopSettings(app.db)).legalName).toBe(karnataka.legalName);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/settings' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: staffMessages.signInFirst });
  });

  it('refuses a GSTIN of the wrong shape or with a wrong check character, naming the field', async () => {
    const short = await put({ ...karnataka, gstin: '29AAGCB7383J1Z' });
    expect(short.statusCode).toBe(400);
    expect(fieldErrorsOf(short)).toEqual({ gstin: gstinMessages.format });

    const typo = await put({ ...karnataka, gstin: '29AAGCB7383J1Z5' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ message: gstinMessages.checkCharacter });
    expect(fieldErrorsOf(typo)).toEqual({ gstin: gstinMessages.checkCharacter });
  });

  it('refuses a state other than the GSTIN’s', async () => {
    const response = await put({ ...karnataka, stateCode: '07' });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response)).toEqual({
      stateCode: 'The state must match the GSTIN’s first two digits (29 is Karnataka).',
    });
  });

  it('refuses prefixes too long to fit a 16-character number, or the same for both series', async () => {
    const long = await put({ ...karnataka, invoicePrefix: 'INVOI', creditNotePrefix: 'C/N' });
    expect(fieldErrorsOf(long)).toEqual({
      invoicePrefix: shopSettingsMessages.prefixFormat,
      creditNotePrefix: shopSettingsMessages.prefixFormat,
    });
    const same = await put({ ...karnataka, creditNotePrefix: 'OM' });
    expect(fieldErrorsOf(same)).toEqual({ creditNotePrefix: shopSettingsMessages.prefixesEqual });
  });

  it('refuses a bad pincode, dispatch days out of range and empty required fields', async () => {
    const response = await put({
      ...karnataka,
      legalName: ' ',
      addressLine1: '',
      city: '',
      pincode: '56001',
      signatureLine: '',
      dispatchDays: 31,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrorsOf(response)).toEqual({
      legalName: shopSettingsMessages.legalNameRequired,
      addressLine1: shopSettingsMessages.addressRequired,
      city: shopSettingsMessages.cityRequired,
      pincode: shopSettingsMessages.pincodeFormat,
      signatureLine: shopSettingsMessages.signatureRequired,
      dispatchDays: shopSettingsMessages.dispatchDaysRange,
    });
    const before = await readShopSettings(app.db);
    expect(before.pincode).not.toBe('56001');
  });
});
