import { type FormEvent, useState } from 'react';
import type { Address } from '../../../../contracts/auth';
import { formatRupeesExact } from '../../../../contracts/format';
import {
  MAX_RETURN_NOTE_LENGTH,
  MAX_RETURN_PHOTOS,
  PHOTO_REQUIRED_REASONS,
  REPLACEMENT_REASONS,
  type ReturnOfferView,
  type ReturnPhoto,
  type ReturnReason,
  type ReturnResolution,
  returnMessages,
  returnReasonLabels,
  returnReasons,
  UPI_ID_PATTERN,
} from '../../../../contracts/returns';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog/dialog';
import { AddressFields, type AddressValues } from '../../../components/form/address-fields';
import { uploadReturnPhoto, useRequestReturn } from '../api/returns';

type Offered = Extract<ReturnOfferView, { offered: true }>;

interface ReturnDialogProps {
  orderId: string;
  orderNumber: string;
  /** The order's delivery address: where the courier collects, unless the shopper gives another. */
  deliveryAddress: Address;
  offer: Offered;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * docs/product.md#returns: the shopper picks lines and units, a reason, a note and photos (required for
 * damage), a refund or (damaged, wrong item) a replacement, and for a cash-on-delivery order the UPI ID the
 * refund goes to. The courier collects from the delivery address. The server checks it all again.
 */
export function ReturnDialog({
  orderId,
  orderNumber,
  deliveryAddress,
  offer,
  open,
  onClose,
  onDone,
}: ReturnDialogProps) {
  const [elsewhere, setElsewhere] = useState(false);
  const [pickup, setPickup] = useState<AddressValues>(() => ({
    houseName: deliveryAddress.houseName,
    streetArea: deliveryAddress.streetArea,
    city: deliveryAddress.city,
    state: deliveryAddress.state,
    country: deliveryAddress.country,
    pincode: deliveryAddress.pincode,
  }));
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [resolution, setResolution] = useState<ReturnResolution>('refund');
  const [note, setNote] = useState('');
  const [upiId, setUpiId] = useState('');
  const [photos, setPhotos] = useState<ReturnPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const request = useRequestReturn(orderId);

  const reasons = returnReasons.filter((each) => each !== 'changed_my_mind' || offer.changedMindAccepted);
  const replacementOffered = reason !== '' && REPLACEMENT_REASONS.has(reason);
  const chosenResolution = replacementOffered ? resolution : 'refund';
  const photosRequired = reason !== '' && PHOTO_REQUIRED_REASONS.has(reason);

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    setProblem(null);
    setUploading(true);
    try {
      for (const file of [...files].slice(0, MAX_RETURN_PHOTOS - photos.length)) {
        const photo = await uploadReturnPhoto(orderId, file);
        setPhotos((current) => [...current, photo]);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  /** The same checks the server makes first, so the usual slips are told at once. */
  function localProblem(): string | null {
    if (!Object.values(units).some((count) => count > 0)) return returnMessages.noItems;
    if (reason === '') return returnMessages.reasonRequired;
    if (photosRequired && photos.length === 0) return returnMessages.photosRequired;
    if (offer.needsUpiId && chosenResolution === 'refund' && !UPI_ID_PATTERN.test(upiId.trim())) {
      return returnMessages.upiInvalid;
    }
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = localProblem();
    setProblem(local);
    if (local || reason === '') return;
    request.mutate(
      {
        key,
        body: {
          lines: Object.entries(units)
            .filter(([, count]) => count > 0)
            .map(([lineId, count]) => ({ lineId, units: count })),
          reason,
          resolution: chosenResolution,
          note,
          photoIds: photos.map((photo) => photo.photoId),
          ...(offer.needsUpiId && chosenResolution === 'refund' ? { upiId: upiId.trim() } : {}),
          ...(elsewhere
            ? {
                pickupAddress: {
                  firstName: deliveryAddress.firstName,
                  lastName: deliveryAddress.lastName,
                  ...pickup,
                },
              }
            : {}),
        },
      },
      {
        onSuccess: (reply) => onDone(reply.message),
        onError: (error) => setProblem(error.message),
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Return or replace: order ${orderNumber}`}>
      <form className="return-form" onSubmit={submit} noValidate>
        <p className="order-card__meta">You can return items until the end of {offer.lastDay}.</p>
        <fieldset>
          <legend>Items to return</legend>
          <ul className="return-form__lines">
            {offer.returnable.map((line) => (
              <li key={line.lineId}>
                <label htmlFor={`return-units-${line.lineId}`}>
                  {line.title} (Size {line.size})
                </label>
                <select
                  id={`return-units-${line.lineId}`}
                  value={units[line.lineId] ?? 0}
                  onChange={(event) =>
                    setUnits((current) => ({ ...current, [line.lineId]: Number(event.target.value) }))
                  }
                >
                  {[...Array(line.units + 1).keys()].map((count) => (
                    <option key={count} value={count}>
                      {count === 0 ? 'Keep' : `Return ${count}`}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </fieldset>

        <label htmlFor="return-reason">Why are you returning them?</label>
        <select
          id="return-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReturnReason | '')}
        >
          <option value="">Choose a reason</option>
          {reasons.map((each) => (
            <option key={each} value={each}>
              {returnReasonLabels[each]}
            </option>
          ))}
        </select>
        {reason === 'changed_my_mind' && offer.changedMindDeductionPaise > 0 ? (
          <p className="order-card__meta">
            {formatRupeesExact(offer.changedMindDeductionPaise / 100)} is kept from the refund for the return
            shipping.
          </p>
        ) : null}

        {replacementOffered ? (
          <fieldset>
            <legend>What would you like?</legend>
            {(['refund', 'replacement'] as const).map((each) => (
              <label key={each} className="return-form__choice">
                <input
                  type="radio"
                  name="return-resolution"
                  value={each}
                  checked={chosenResolution === each}
                  onChange={() => setResolution(each)}
                />
                {each === 'refund' ? 'A refund' : 'A free replacement'}
              </label>
            ))}
          </fieldset>
        ) : null}

        <label htmlFor="return-note">Anything we should know? (optional)</label>
        <textarea
          id="return-note"
          maxLength={MAX_RETURN_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />

        <label htmlFor="return-photos">
          Photos ({photosRequired ? 'at least one' : 'optional'}, up to {MAX_RETURN_PHOTOS})
        </label>
        <input
          id="return-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={uploading || photos.length >= MAX_RETURN_PHOTOS}
          onChange={(event) => {
            void addPhotos(event.target.files);
            event.target.value = '';
          }}
        />
        {uploading ? <p role="status">Uploading…</p> : null}
        {photos.length > 0 ? (
          <ul className="return-form__photos" aria-label="Photos added">
            {photos.map((photo, index) => (
              <li key={photo.photoId}>
                <img
                  src={photo.thumbnailUrl}
                  alt={`Your upload ${index + 1} of ${photos.length}`}
                  width={72}
                  height={72}
                />
              </li>
            ))}
          </ul>
        ) : null}

        {offer.needsUpiId && chosenResolution === 'refund' ? (
          <>
            <label htmlFor="return-upi">UPI ID for your refund</label>
            <input
              id="return-upi"
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="name@bank"
              value={upiId}
              onChange={(event) => setUpiId(event.target.value)}
            />
          </>
        ) : null}

        <fieldset>
          <legend>Pickup address</legend>
          {elsewhere ? null : (
            <p className="order-card__meta">
              {[
                deliveryAddress.houseName,
                deliveryAddress.streetArea,
                deliveryAddress.city,
                deliveryAddress.pincode,
              ]
                .filter(Boolean)
                .join(', ')}
            </p>
          )}
          <label className="return-form__choice">
            <input
              type="checkbox"
              checked={elsewhere}
              onChange={(event) => setElsewhere(event.target.checked)}
            />
            Collect from another address
          </label>
          {elsewhere ? (
            <AddressFields
              values={pickup}
              onChange={(event) =>
                setPickup((current) => ({ ...current, [event.target.name]: event.target.value }))
              }
              onPlace={(place) =>
                setPickup((current) => ({ ...current, city: place.city || current.city, state: place.state }))
              }
            />
          ) : null}
        </fieldset>

        {problem ? (
          <p className="error-text" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button type="submit" disabled={request.isPending || uploading}>
            {request.isPending ? 'Sending…' : 'Send request'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
