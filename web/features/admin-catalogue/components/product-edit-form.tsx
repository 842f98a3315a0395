import { type FormEvent, useState } from 'react';
import {
  type AdminProductDetail,
  type AdminProductPatch,
  AdminProductPatchSchema,
  gstRateSlabs,
} from '../../../../contracts/admin-catalogue';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { useUpdateProduct } from '../api/update-product';
import { formatGstRate } from '../format';
import './catalogue.css';

interface FormValues {
  title: string;
  description: string;
  price: string;
  discount: string;
  active: boolean;
  codAllowed: boolean;
  stock: string;
  lowStockThreshold: string;
  whyChoose: string;
  benefits: string;
  changesObserved: string;
  hsnCode: string;
  gstRateBasisPoints: string;
}

function valuesOf(product: AdminProductDetail): FormValues {
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    discount: String(product.discount),
    active: product.active,
    codAllowed: product.codAllowed,
    stock: String(product.stock),
    lowStockThreshold: String(product.lowStockThreshold),
    whyChoose: product.whyChoose,
    benefits: product.benefits.join('\n'),
    changesObserved: product.changesObserved,
    hsnCode: product.hsnCode,
    gstRateBasisPoints: String(product.gstRateBasisPoints),
  };
}

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Only the fields the owner changed are sent: a stock count left alone must not overwrite sales made since
 * the page was loaded (docs/product.md#console-catalogue).
 */
function changedFields(initial: FormValues, values: FormValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const numbers = ['price', 'discount', 'stock', 'lowStockThreshold', 'gstRateBasisPoints'] as const;
  const texts = ['title', 'description', 'whyChoose', 'changesObserved', 'hsnCode'] as const;
  for (const key of texts) if (values[key] !== initial[key]) patch[key] = values[key];
  for (const key of numbers) if (values[key] !== initial[key]) patch[key] = asNumber(values[key]);
  if (values.active !== initial.active) patch.active = values.active;
  if (values.codAllowed !== initial.codAllowed) patch.codAllowed = values.codAllowed;
  if (values.benefits !== initial.benefits) {
    patch.benefits = values.benefits
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  }
  return patch;
}

interface ProductEditFormProps {
  product: AdminProductDetail;
  canEdit: boolean;
  onSaved: (message: string) => void;
}

export function ProductEditForm({ product, canEdit, onSaved }: ProductEditFormProps) {
  const initial = valuesOf(product);
  const { values, setValues, set, field, fieldErrors } = useFormValues(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProduct();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = AdminProductPatchSchema.safeParse(changedFields(initial, values));
    if (!parsed.success) {
      fieldErrors.show(issueFieldErrors(parsed.error.issues));
      setFailure(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const reply = await update.mutateAsync({ id: product.id, patch: parsed.data as AdminProductPatch });
      setValues(valuesOf(reply.product));
      onSaved(reply.message ?? 'Saved.');
    } catch (error) {
      fieldErrors.show(serverFieldErrors(error));
      setFailure(error instanceof Error ? error.message : 'Saving failed.');
    }
  }

  return (
    <form className="admin-form" ref={fieldErrors.formRef} onSubmit={submit} noValidate>
      <fieldset className="catalogue-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Details</legend>
        {!canEdit && <p className="admin-muted">Only an owner can change products.</p>}
        <InputField label="Title" {...field('title')} />
        <TextareaField label="Description" rows={4} {...field('description')} />
        <InputField label="Price (MRP, ₹)" inputMode="numeric" {...field('price')} />
        <InputField label="Discount (%)" inputMode="numeric" {...field('discount')} />
        <div className="catalogue-check">
          <input
            id="product-active"
            type="checkbox"
            checked={values.active}
            aria-invalid={fieldErrors.errors.active ? true : undefined}
            aria-describedby={fieldErrors.errors.active ? 'product-active-error' : undefined}
            onChange={(event) => set('active', event.target.checked)}
          />
          <label htmlFor="product-active">On sale</label>
        </div>
        {fieldErrors.errors.active && (
          <p id="product-active-error" className="form-field__error">
            {fieldErrors.errors.active}
          </p>
        )}
        <div className="catalogue-check">
          <input
            id="product-cod-allowed"
            type="checkbox"
            checked={values.codAllowed}
            onChange={(event) => set('codAllowed', event.target.checked)}
          />
          <label htmlFor="product-cod-allowed">Cash on delivery allowed</label>
        </div>
        <InputField label="Stock (units on the shelf)" inputMode="numeric" {...field('stock')} />
        <InputField label="Low-stock threshold" inputMode="numeric" {...field('lowStockThreshold')} />
        <TextareaField label="Why choose it" rows={3} {...field('whyChoose')} />
        <TextareaField label="Benefits (one a line)" rows={4} {...field('benefits')} />
        <TextareaField label="Changes observed" rows={3} {...field('changesObserved')} />
      </fieldset>
      <fieldset className="catalogue-fieldset" disabled={!canEdit || update.isPending}>
        <legend className="admin-subheading">Tax (GST)</legend>
        <p className="admin-muted">Invoices issued from now on use these; issued ones keep theirs.</p>
        <InputField label="HSN code (4, 6 or 8 digits)" inputMode="numeric" {...field('hsnCode')} />
        <SelectField label="GST rate" {...field('gstRateBasisPoints')}>
          {gstRateSlabs.map((rate) => (
            <option key={rate} value={String(rate)}>
              {formatGstRate(rate)}
            </option>
          ))}
        </SelectField>
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        )}
      </fieldset>
      {failure && <StatusMessage status={{ kind: 'error', text: failure }} />}
    </form>
  );
}
