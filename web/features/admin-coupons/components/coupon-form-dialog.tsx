import { type FormEvent, useState } from 'react';
import { productCategories, productCategoryLabels } from '../../../../contracts/catalogue-rules';
import {
  adminCouponMessages,
  type Coupon,
  couponKinds,
  MAX_COUPON_DESCRIPTION,
} from '../../../../contracts/coupons';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { serverFieldErrors } from '../../../components/form/field-errors';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import {
  type CouponFormValues,
  changedCouponFields,
  checkCouponValues,
  couponValuesOf,
  fieldOfMessage,
  newCouponValues,
} from '../coupon-form-values';
import { couponKindLabels } from '../format';
import { CheckField } from './check-field';
import './coupons.css';

export interface CouponProductOption {
  id: number;
  title: string;
}

interface CouponFormDialogProps {
  open: boolean;
  /** The code to edit; none for a new one. */
  coupon?: Coupon | undefined;
  /** Whether the code has been used: its code is then fixed (docs/product.md#console-coupons). */
  used?: boolean;
  /** The catalogue, for limiting a code to some products. */
  products: readonly CouponProductOption[];
  onClose: () => void;
  onSaved: (message: string, coupon: Coupon) => void;
}

function toggled<Item>(list: readonly Item[], item: Item, on: boolean): Item[] {
  return on ? [...list.filter((each) => each !== item), item] : list.filter((each) => each !== item);
}

/** docs/product.md#console-coupons: every field of a code, checked beside each field before it is sent. */
export function CouponFormDialog({
  open,
  coupon,
  used = false,
  products,
  onClose,
  onSaved,
}: CouponFormDialogProps) {
  const [initial] = useState<CouponFormValues>(() => (coupon ? couponValuesOf(coupon) : newCouponValues()));
  const { values, set, field, fieldErrors } = useFormValues<CouponFormValues>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const pending = create.isPending || update.isPending;
  const errors = fieldErrors.errors;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const checked = checkCouponValues(values);
    if (!checked.ok) {
      fieldErrors.show(checked.errors);
      setFailure(checked.message);
      return;
    }
    try {
      let reply: Awaited<ReturnType<typeof create.mutateAsync>>;
      if (coupon) {
        const before = checkCouponValues(initial);
        const patch = before.ok ? changedCouponFields(before.input, checked.input) : checked.input;
        if (Object.keys(patch).length === 0) {
          setFailure(adminCouponMessages.nothingToChange);
          return;
        }
        reply = await update.mutateAsync({ id: coupon.id, patch });
      } else {
        reply = await create.mutateAsync(checked.input);
      }
      onSaved(
        reply.message ?? (coupon ? adminCouponMessages.saved : adminCouponMessages.created),
        reply.coupon,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Saving the coupon failed.';
      const field = fieldOfMessage(message);
      fieldErrors.show({ ...serverFieldErrors(error), ...(field ? { [field]: message } : {}) });
      setFailure(message);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={coupon ? `Edit ${coupon.code}` : 'New discount code'}>
      <form className="admin-form coupon-form" ref={fieldErrors.formRef} onSubmit={save} noValidate>
        <InputField
          label="Code (3-20 letters or digits)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          readOnly={used}
          {...field('code')}
        />
        {used && <p className="admin-muted">{adminCouponMessages.codeFixedOnceUsed}</p>}
        <SelectField
          label="Kind"
          name="kind"
          value={values.kind}
          error={errors.kind}
          onChange={(event) => set('kind', event.target.value as CouponFormValues['kind'])}
        >
          {couponKinds.map((kind) => (
            <option key={kind} value={kind}>
              {couponKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        {values.kind === 'percent' && (
          <>
            <InputField label="Percent off (1-100)" inputMode="numeric" {...field('percentOff')} />
            <InputField
              label="Most it takes off (₹, optional)"
              inputMode="numeric"
              {...field('maxDiscountRupees')}
            />
          </>
        )}
        {values.kind === 'flat' && (
          <InputField label="Amount off (₹)" inputMode="numeric" {...field('amountOffRupees')} />
        )}
        <InputField
          label="Minimum order (₹, before the code)"
          inputMode="numeric"
          {...field('minOrderRupees')}
        />
        <InputField label="Valid from (IST)" type="datetime-local" {...field('validFrom')} />
        <InputField label="Valid until (IST, optional)" type="datetime-local" {...field('validUntil')} />
        <InputField label="Total uses (empty: no limit)" inputMode="numeric" {...field('totalUses')} />
        <InputField label="Uses per shopper" inputMode="numeric" {...field('usesPerShopper')} />
        <CheckField
          label="First order only"
          checked={values.firstOrderOnly}
          error={errors.firstOrderOnly}
          onChange={(checked) => set('firstOrderOnly', checked)}
        />
        <fieldset
          className="coupon-form__choices"
          aria-describedby={errors.productIds ? 'coupon-products-error' : undefined}
        >
          <legend>Only these products (none ticked: every product)</legend>
          {products.map((product) => (
            <CheckField
              key={product.id}
              label={product.title}
              checked={values.productIds.includes(product.id)}
              onChange={(checked) => set('productIds', toggled(values.productIds, product.id, checked))}
            />
          ))}
          {errors.productIds && (
            <p id="coupon-products-error" className="form-field__error">
              {errors.productIds}
            </p>
          )}
        </fieldset>
        <fieldset
          className="coupon-form__choices"
          aria-describedby={errors.categories ? 'coupon-categories-error' : undefined}
        >
          <legend>Only these categories (none ticked: every category)</legend>
          {productCategories.map((category) => (
            <CheckField
              key={category}
              label={productCategoryLabels[category]}
              checked={values.categories.includes(category)}
              onChange={(checked) => set('categories', toggled(values.categories, category, checked))}
            />
          ))}
          {errors.categories && (
            <p id="coupon-categories-error" className="form-field__error">
              {errors.categories}
            </p>
          )}
        </fieldset>
        <CheckField
          label="Public: listed at checkout as an offer"
          checked={values.public}
          error={errors.public}
          onChange={(checked) => set('public', checked)}
        />
        <TextareaField
          label={`Description for the checkout (up to ${MAX_COUPON_DESCRIPTION} characters)`}
          rows={2}
          {...field('description')}
        />
        <StatusMessage status={failure ? { kind: 'error', text: failure } : null} />
        <div className="admin-dialog-actions">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : coupon ? 'Save' : 'Create code'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
