import { type ChangeEvent, useId, useState } from 'react';
import type { AdminProductDetail } from '../../../../contracts/admin-catalogue';
import { Button } from '../../../components/button';
import { type Status, StatusMessage } from '../../../components/status-message';
import { useUpdateProduct } from '../api/update-product';
import { useUploadProductImage } from '../api/upload-product-image';
import './catalogue.css';

function moved(images: string[], from: number, to: number): string[] {
  const next = [...images];
  const [image] = next.splice(from, 1);
  if (image !== undefined) next.splice(to, 0, image);
  return next;
}

interface ProductImagesEditorProps {
  product: AdminProductDetail;
  canEdit: boolean;
  onDone: (message: string) => void;
}

/** docs/product.md#console-catalogue: the first image is the one the shop shows first. */
export function ProductImagesEditor({ product, canEdit, onDone }: ProductImagesEditorProps) {
  const inputId = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const update = useUpdateProduct();
  const upload = useUploadProductImage();
  const busy = update.isPending || upload.isPending;
  const { images } = product;

  async function saveOrder(next: string[]) {
    setStatus(null);
    try {
      const reply = await update.mutateAsync({ id: product.id, patch: { images: next } });
      onDone(reply.message ?? 'Saved.');
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'Saving failed.' });
    }
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setStatus({ kind: 'success', text: `Uploading ${file.name}…` });
    try {
      const reply = await upload.mutateAsync({ id: product.id, file });
      setStatus({ kind: 'success', text: reply.message ?? 'Image added.' });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : 'The upload failed.' });
    } finally {
      input.value = '';
    }
  }

  return (
    <section className="admin-section" aria-labelledby="images-heading">
      <h2 id="images-heading">Images</h2>
      {images.length === 0 && <p>No images yet. A product needs one before it can go on sale.</p>}
      <ol className="catalogue-images">
        {images.map((image, index) => (
          <li key={image}>
            <img src={image} alt={`${product.title}, view ${index + 1}`} width={64} height={64} />
            {canEdit && (
              <div className="admin-actions">
                <Button
                  variant="secondary"
                  disabled={busy || index === 0}
                  aria-label={`Move up image ${index + 1}`}
                  onClick={() => saveOrder(moved(images, index, index - 1))}
                >
                  Move up
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy || index === images.length - 1}
                  aria-label={`Move down image ${index + 1}`}
                  onClick={() => saveOrder(moved(images, index, index + 1))}
                >
                  Move down
                </Button>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => saveOrder(images.filter((_, other) => other !== index))}
                >
                  Remove
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {canEdit && (
        <div className="form-field">
          <label htmlFor={inputId} className="form-field__label">
            Add an image (JPEG, PNG or WebP, at most 8 MB)
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            onChange={chooseFile}
          />
        </div>
      )}
      <StatusMessage status={status} />
    </section>
  );
}
