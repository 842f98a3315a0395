// Shiprocket's API is a Laravel app: invalid input gets a 422 whose `errors` name each field with messages
// in Laravel's wording ("The billing pincode field is required.").

export type FieldErrors = Record<string, string[]>;

/** A forward order (`/orders/create/adhoc`): from the brand's pickup location to the shopper. */
export interface ValidAdhocOrder {
  /** Absent on shipments saved before return orders were simulated. */
  kind?: 'forward';
  orderId: string;
  pickupLocation: string;
  customerName: string;
  city: string;
  state: string;
  pincode: string;
  paymentMethod: 'Prepaid' | 'COD';
  subTotal: number;
  /**
   * What the courier collects, in paise: sub_total plus shipping, gift-wrap and transaction charges, less
   * total_discount; 0 for a prepaid parcel. Absent from shipments saved before COD was simulated.
   */
  codAmountPaise?: number;
  weightKg: number;
}

export interface SimulatedPlace {
  name: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * A return order (`/orders/create/return`): from the shopper, whose address is kept in the same fields as a
 * forward order's (customerName, city, state, pincode), to the brand's `destination`.
 */
export interface ValidReturnOrder {
  kind: 'return';
  orderId: string;
  customerName: string;
  city: string;
  state: string;
  pincode: string;
  destination: SimulatedPlace;
  paymentMethod: 'Prepaid';
  subTotal: number;
  codAmountPaise: 0;
  weightKg: number;
  /** Whether any item asked the courier for a doorstep quality check. */
  qualityCheck: boolean;
}

export type ValidOrder = ValidAdhocOrder | ValidReturnOrder;

type Body = Record<string, unknown>;

const label = (field: string) => field.replaceAll('_', ' ');

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

class Checker {
  readonly errors: FieldErrors = {};

  constructor(private readonly body: Body) {}

  fail(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }

  text(field: string, options: { max?: number; pattern?: [RegExp, string] } = {}) {
    const value = textOf(this.body[field]);
    if (value === undefined) {
      this.fail(field, `The ${label(field)} field is required.`);
      return '';
    }
    if (options.max !== undefined && value.length > options.max) {
      this.fail(field, `The ${label(field)} may not be greater than ${options.max} characters.`);
    }
    if (options.pattern && !options.pattern[0].test(value)) {
      this.fail(field, `The ${label(field)} ${options.pattern[1]}.`);
    }
    return value;
  }

  number(field: string, options: { greaterThan?: number; atLeast?: number; integer?: boolean } = {}) {
    const raw = this.body[field];
    if (raw === undefined || raw === null || raw === '') {
      this.fail(field, `The ${label(field)} field is required.`);
      return 0;
    }
    const value = numberOf(raw);
    if (value === undefined) {
      this.fail(field, `The ${label(field)} must be a number.`);
      return 0;
    }
    if (options.integer && !Number.isInteger(value))
      this.fail(field, `The ${label(field)} must be an integer.`);
    if (options.greaterThan !== undefined && !(value > options.greaterThan)) {
      this.fail(field, `The ${label(field)} must be greater than ${options.greaterThan}.`);
    }
    if (options.atLeast !== undefined && value < options.atLeast) {
      this.fail(field, `The ${label(field)} must be at least ${options.atLeast}.`);
    }
    return value;
  }

  boolean(field: string): boolean {
    const value = this.body[field];
    if ([true, 1, '1', 'true'].includes(value as never)) return true;
    if ([false, 0, '0', 'false'].includes(value as never)) return false;
    this.fail(field, `The ${label(field)} field must be true or false.`);
    return true;
  }
}

const PINCODE: [RegExp, string] = [/^[1-9]\d{5}$/, 'must be 6 digits'];
const PHONE: [RegExp, string] = [/^(\+?91)?[6-9]\d{9}$/, 'must be a valid 10 digit mobile number'];
const EMAIL: [RegExp, string] = [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be a valid email address'];
const ORDER_DATE: [RegExp, string] = [
  /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/,
  'does not match the format Y-m-d H:i',
];

function checkAddress(check: Checker, prefix: 'billing' | 'shipping' | 'pickup') {
  const nameField = `${prefix}_customer_name`;
  const name = check.text(nameField, { max: 100 });
  check.text(`${prefix}_address`, { max: 190 });
  const city = check.text(`${prefix}_city`, { max: 60 });
  const pincode = check.text(`${prefix}_pincode`, { pattern: PINCODE });
  const state = check.text(`${prefix}_state`);
  check.text(`${prefix}_country`);
  check.text(`${prefix}_phone`, { pattern: PHONE });
  return { name, city, pincode, state };
}

/** Checks `order_items`; says whether any item asks for a doorstep quality check. */
function checkItems(check: Checker, body: Body): boolean {
  const items = body.order_items;
  if (!Array.isArray(items) || items.length === 0) {
    check.fail('order_items', 'The order items field is required.');
    return false;
  }
  let qualityCheck = false;
  items.forEach((item, index) => {
    const entry: Body = typeof item === 'object' && item !== null ? (item as Body) : {};
    const at = (field: string) => `order_items.${index}.${field}`;
    const scoped = new Checker(
      Object.fromEntries(Object.entries(entry).map(([field, value]) => [at(field), value])),
    );
    scoped.text(at('name'));
    scoped.text(at('sku'));
    scoped.number(at('units'), { integer: true, atLeast: 1 });
    scoped.number(at('selling_price'), { atLeast: 0 });
    if (entry.qc_enable !== undefined && entry.qc_enable !== null) {
      qualityCheck = scoped.boolean(at('qc_enable')) || qualityCheck;
    }
    for (const [field, messages] of Object.entries(scoped.errors)) {
      for (const message of messages) check.fail(field, message);
    }
  });
  return qualityCheck;
}

function checkParcel(check: Checker): number {
  for (const dimension of ['length', 'breadth', 'height']) check.number(dimension, { greaterThan: 0.5 });
  return check.number('weight', { greaterThan: 0 });
}

/**
 * Checks `POST /orders/create/return` as the real API's published table does: the pickup (the shopper's) and
 * shipping (the brand's) addresses, items, a prepaid payment method, sub-total and parcel.
 */
export function validateReturnOrder(
  input: unknown,
): { ok: true; order: ValidReturnOrder } | { ok: false; errors: FieldErrors } {
  const body: Body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Body) : {};
  const check = new Checker(body);
  const orderId = check.text('order_id', { max: 50 });
  check.text('order_date', { pattern: ORDER_DATE });
  const pickup = checkAddress(check, 'pickup');
  check.text('pickup_email', { pattern: EMAIL });
  const shipping = checkAddress(check, 'shipping');
  const qualityCheck = checkItems(check, body);
  if (String(body.payment_method ?? '').toLowerCase() !== 'prepaid') {
    check.fail('payment_method', 'The selected payment method is invalid.');
  }
  const subTotal = check.number('sub_total', { atLeast: 0 });
  const weightKg = checkParcel(check);
  if (Object.keys(check.errors).length > 0) return { ok: false, errors: check.errors };
  return {
    ok: true,
    order: {
      kind: 'return',
      orderId,
      customerName: pickup.name,
      city: pickup.city,
      state: pickup.state,
      pincode: pickup.pincode,
      destination: shipping,
      paymentMethod: 'Prepaid',
      subTotal,
      codAmountPaise: 0,
      weightKg,
      qualityCheck,
    },
  };
}

/** Checks `POST /orders/create/adhoc` as the real API does; returns the fields the simulator keeps. */
export function validateAdhocOrder(
  input: unknown,
): { ok: true; order: ValidAdhocOrder } | { ok: false; errors: FieldErrors } {
  const body: Body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Body) : {};
  const check = new Checker(body);
  const orderId = check.text('order_id', { max: 50 });
  check.text('order_date', { pattern: ORDER_DATE });
  const pickupLocation = check.text('pickup_location');
  const billing = checkAddress(check, 'billing');
  check.text('billing_email', { pattern: EMAIL });
  const shippingIsBilling = check.boolean('shipping_is_billing');
  const shipping = shippingIsBilling ? billing : checkAddress(check, 'shipping');

  checkItems(check, body);

  const paymentMethod = body.payment_method;
  if (paymentMethod !== 'Prepaid' && paymentMethod !== 'COD') {
    check.fail('payment_method', 'The selected payment method is invalid.');
  }
  const subTotal = check.number('sub_total', { atLeast: 0 });
  const charges = ['shipping_charges', 'giftwrap_charges', 'transaction_charges', 'total_discount'].map(
    (field) => (body[field] === undefined || body[field] === null ? 0 : check.number(field, { atLeast: 0 })),
  );
  const [shippingPaise = 0, giftwrapPaise = 0, transactionPaise = 0, discountPaise = 0] = charges.map(
    (rupees) => Math.round(rupees * 100),
  );
  const codAmountPaise =
    Math.round(subTotal * 100) + shippingPaise + giftwrapPaise + transactionPaise - discountPaise;
  if (paymentMethod === 'COD' && codAmountPaise <= 0) {
    check.fail('sub_total', 'The amount to collect on delivery must be greater than 0.');
  }
  const weightKg = checkParcel(check);

  if (Object.keys(check.errors).length > 0) return { ok: false, errors: check.errors };
  return {
    ok: true,
    order: {
      kind: 'forward',
      orderId,
      pickupLocation,
      customerName: shipping.name,
      city: shipping.city,
      state: shipping.state,
      pincode: shipping.pincode,
      paymentMethod: paymentMethod === 'COD' ? 'COD' : 'Prepaid',
      subTotal,
      codAmountPaise: paymentMethod === 'COD' ? codAmountPaise : 0,
      weightKg,
    },
  };
}

/** Checks the serviceability query; returns the parsed values or the 422's field errors. */
export function validateServiceabilityQuery(
  query: Record<string, unknown>,
):
  | { ok: true; pickupPincode: string; deliveryPincode: string; weightKg: number; cod: boolean }
  | { ok: false; errors: FieldErrors } {
  const check = new Checker(query);
  const pickupPincode = check.text('pickup_postcode', { pattern: PINCODE });
  const deliveryPincode = check.text('delivery_postcode', { pattern: PINCODE });
  const weightKg = check.number('weight', { greaterThan: 0 });
  const cod = check.number('cod', { integer: true });
  if (cod !== 0 && cod !== 1 && !check.errors.cod) check.fail('cod', 'The selected cod is invalid.');
  if (Object.keys(check.errors).length > 0) return { ok: false, errors: check.errors };
  return { ok: true, pickupPincode, deliveryPincode, weightKg, cod: cod === 1 };
}
