import { type FormEvent, useState } from 'react';
import { AdminProductCreateSchema } from '../../../../contracts/admin-catalogue';
import { productCategories, productCategoryLabels } from '../../../../contracts/catalogue-rules';
import { Button } from '../../../components/button';
import { issueFieldErrors, serverFieldErrors } from '../../../components/form/field-errors';
import { InputField, SelectField, TextareaField } from '../../../components/form/form-field';
import { useFormValues } from '../../../components/form/use-form-values';
import { StatusMessage } from '../../../components/status-message';
import { adminPaths } from '../../../lib/admin-paths';
import { useNavigate } from '../../../lib/router';
import { useCreateProduct } from '../api/create-product';

const empty = {
  title: '',
  description: '',
  price: '',
  discount: '0',
  category: 'bath',
  sku: '',
  weightGrams: '',
  stock: '0',
  lowStockThreshold: '5',
};

type Values = typeof empty;
const numericFields = ['price', 'discount', 'weightGrams', 'stock', 'lowStockThreshold'] as const;

/** docs/product.md#console-catalogue: a new product starts off sale; its page follows for images. */
export function NewProductForm({ onCreated }: { onCreated: (message: string) => void }) {
  const { values, field, fieldErrors } = useFormValues<Values>(empty);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateProduct();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input: Record<string, unknown> = { ...values };
    for (const name of numericFields)
      input[name] = values[name].trim() === '' ? Number.NaN : Number(values[name]);
    const parsed = AdminProductCreateSchema.safeParse(input);
    if (!parsed.success) {
      fieldErrors.show(issueFieldErrors(parsed.error.issues));
      return;
    }
    try {
      const reply = await create.mutateAsync(parsed.data);
      onCreated(reply.message ?? 'Product created.');
      await navigate(adminPaths.product(reply.product.id));
    } catch (error) {
      fieldErrors.show(serverFieldErrors(error));
      setFailure(error instanceof Error ? error.message : 'Creating the product failed.');
    }
  }

  return (
    <form
      className="admin-form"
      ref={fieldErrors.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="new-product-heading"
    >
      <h2 id="new-product-heading">New product</h2>
      <InputField label="Title" {...field('title')} />
      <TextareaField label="Description" rows={3} {...field('description')} />
      <InputField label="Price (MRP, ₹)" inputMode="numeric" {...field('price')} />
      <InputField label="Discount (%)" inputMode="numeric" {...field('discount')} />
      <SelectField label="Category" {...field('category')}>
        {productCategories.map((category) => (
          <option key={category} value={category}>
            {productCategoryLabels[category]}
          </option>
        ))}
      </SelectField>
      <InputField label="SKU" autoComplete="off" {...field('sku')} />
      <InputField label="Weight (grams)" inputMode="numeric" {...field('weightGrams')} />
      <InputField label="Stock (units on the shelf)" inputMode="numeric" {...field('stock')} />
      <InputField label="Low-stock threshold" inputMode="numeric" {...field('lowStockThreshold')} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create product'}
      </Button>
      {failure && <StatusMessage status={{ kind: 'error', text: failure }} />}
    </form>
  );
}
