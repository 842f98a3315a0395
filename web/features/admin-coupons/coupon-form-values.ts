import {
  adminCouponMessages,
  type Coupon,
  CouponInputSchema,
  type CouponKind,
  type CouponPatch,
  type ValidCouponInput,
} from '../../../contracts/coupons';
import { type FieldErrors, issueFieldErrors } from '../../components/form/field-errors';
import { instantFromIstInput, istInputValue } from './format';

// docs/product.md#console-coupons: the form's text fields as typed, turned into the contract's input, checked
// by the contract's own schema, so every message beside a field is the server's wording.

export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  percentOff: string;
  maxDiscountRupees: string;
  amountOffRupees: string;
  minOrderRupees: string;
  /** datetime-local values on India's clock. */
  validFrom: string;
  validUntil: string;
  totalUses: string;
  usesPerShopper: string;
  firstOrderOnly: boolean;
  productIds: number[];
  categories: string[];
  public: boolean;
  description: string;
}

export type CouponFieldName = keyof CouponFormValues;

const optionalNumber = (value: number | null) => (value === null ? '' : String(value));

/** A new code: percent off, from this minute, one use a shopper. */
export function newCouponValues(now = new Date()): CouponFormValues {
  return {
    code: '',
    kind: 'percent',
    percentOff: '',
    maxDiscountRupees: '',
    amountOffRupees: '',
    minOrderRupees: '0',
    validFrom: istInputValue(now.toISOString()),
    validUntil: '',
    totalUses: '',
    usesPerShopper: '1',
    firstOrderOnly: false,
    productIds: [],
    categories: [],
    public: false,
    description: '',
  };
}

export function couponValuesOf(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: optionalNumber(coupon.percentOff),
    maxDiscountRupees: optionalNumber(coupon.maxDiscountRupees),
    amountOffRupees: optionalNumber(coupon.amountOffRupees),
    minOrderRupees: String(coupon.minOrderRupees),
    validFrom: istInputValue(coupon.validFrom),
    validUntil: coupon.validUntil === null ? '' : istInputValue(coupon.validUntil),
    totalUses: optionalNumber(coupon.totalUses),
    usesPerShopper: String(coupon.usesPerShopper),
    firstOrderOnly: coupon.firstOrderOnly,
    productIds: [...coupon.productIds],
    categories: [...coupon.categories],
    public: coupon.public,
    description: coupon.description,
  };
}

/** A number as typed; an empty or unreadable one is NaN, which the schema refuses with the field's message. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const typedOptionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** What the API is sent: the fields another kind does not have are null, as the contract asks. */
function inputOf(values: CouponFormValues): Record<string, unknown> {
  return {
    code: values.code,
    kind: values.kind,
    percentOff: values.kind === 'percent' ? typedNumber(values.percentOff) : null,
    maxDiscountRupees: values.kind === 'percent' ? typedOptionalNumber(values.maxDiscountRupees) : null,
    amountOffRupees: values.kind === 'flat' ? typedNumber(values.amountOffRupees) : null,
    minOrderRupees: values.minOrderRupees.trim() === '' ? 0 : Number(values.minOrderRupees),
    validFrom: instantFromIstInput(values.validFrom),
    validUntil: values.validUntil.trim() === '' ? null : instantFromIstInput(values.validUntil),
    totalUses: typedOptionalNumber(values.totalUses),
    usesPerShopper: typedNumber(values.usesPerShopper),
    firstOrderOnly: values.firstOrderOnly,
    productIds: values.productIds,
    categories: values.categories,
    public: values.public,
    description: values.description,
  };
}

const m = adminCouponMessages;

/** The field a rule across fields is about, so its message shows beside it. */
const fieldOfProblem: Partial<Record<string, CouponFieldName>> = {
  [m.percentRange]: 'percentOff',
  [m.percentOnly]: 'percentOff',
  [m.amountWhole]: 'amountOffRupees',
  [m.amountOnly]: 'amountOffRupees',
  [m.untilAfterFrom]: 'validUntil',
  [m.publicNeedsDescription]: 'description',
  [m.codeTaken]: 'code',
  [m.codeFixedOnceUsed]: 'code',
  [m.tooManyProducts]: 'productIds',
};

/** A message the schema or the server gave about the whole coupon, placed beside its field when it has one. */
export function fieldOfMessage(message: string): CouponFieldName | undefined {
  if (/^Product \d+ is not in our catalogue\.$/.test(message)) return 'productIds';
  return fieldOfProblem[message];
}

export type CheckedCoupon =
  | { ok: true; input: ValidCouponInput }
  | { ok: false; errors: FieldErrors; message: string };

/** The form's values checked by the contract's schema: the input to send, or the messages by field. */
export function checkCouponValues(values: CouponFormValues): CheckedCoupon {
  const parsed = CouponInputSchema.safeParse(inputOf(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = issueFieldErrors(parsed.error.issues);
  for (const issue of parsed.error.issues) {
    const field = issue.path.length === 0 ? fieldOfMessage(issue.message) : undefined;
    if (field) errors[field] ??= issue.message;
  }
  // `productIds.0` and the like are the list's own.
  for (const key of Object.keys(errors)) {
    const list = key.split('.')[0];
    if (list !== key && list) errors[list] ??= errors[key];
  }
  return { ok: false, errors, message: parsed.error.issues[0]?.message ?? m.dateFormat };
}

/** Only what changed, so an edit never overwrites what it did not touch. */
export function changedCouponFields(before: ValidCouponInput, after: ValidCouponInput): CouponPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ValidCouponInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as CouponPatch;
}
