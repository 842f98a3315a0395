import { type FormEvent, useState } from 'react';
import {
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TEXT_LENGTH,
  MAX_REVIEW_TITLE_LENGTH,
  type OwnReview,
  ReviewBodySchema,
  type ReviewPhoto,
  reviewMessages,
} from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import {
  type FieldErrors,
  issueFieldErrors,
  noFieldErrors,
  serverFieldErrors,
  withoutFieldError,
} from '../../../components/form/field-errors';
import { InputField, TextareaField } from '../../../components/form/form-field';
import type { ReviewClient } from '../api/review-author';
import { addReviewPhoto, removeReviewPhoto } from '../api/review-photos';
import { createReview, updateReview } from '../api/save-review';

const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

interface ReviewFormProps {
  client: ReviewClient;
  productId: number;
  productTitle: string;
  /** The author's review of the product, to edit; null writes a new one. */
  existing: OwnReview | null;
  /** After a save: the server's words. */
  onSaved: (message: string) => void;
  onCancel?: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * docs/product.md#review-limits: stars, a title, a text, up to 4 photos and whether the first name and city may
 * show. Checked with the server's own schema first; every refusal of the server is shown in its words. Photos are
 * added to the review once it is written (the server takes them one at a time), so files picked before are sent
 * right after the save.
 */
export function ReviewForm({
  client,
  productId,
  productTitle,
  existing,
  onSaved,
  onCancel,
}: ReviewFormProps) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [text, setText] = useState(existing?.text ?? '');
  const [showNameAndCity, setShowNameAndCity] = useState(existing?.showNameAndCity ?? true);
  const [reviewId, setReviewId] = useState(existing?.reviewId ?? null);
  const [photos, setPhotos] = useState<ReviewPhoto[]>(existing?.photos ?? []);
  // Each picked file with a key of its own (two files may share a name).
  const [pending, setPending] = useState<{ key: string; file: File }[]>([]);
  const [errors, setErrors] = useState<FieldErrors>(noFieldErrors);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idBase = `review-${productId}`;
  const room = MAX_REVIEW_PHOTOS - photos.length - pending.length;

  function edited(field: string) {
    setErrors((current) => withoutFieldError(current, field));
  }

  function pickPhotos(files: FileList | null) {
    if (!files) return;
    const picked = [...files];
    if (picked.length > room) setProblem(reviewMessages.tooManyPhotos);
    else setProblem(null);
    setPending((current) => [
      ...current,
      ...picked.slice(0, Math.max(0, room)).map((file) => ({ key: crypto.randomUUID(), file })),
    ]);
  }

  async function removePhoto(photo: ReviewPhoto) {
    if (!reviewId) return;
    setProblem(null);
    try {
      await removeReviewPhoto(client, reviewId, photo.photoId);
      setPhotos((current) => current.filter((each) => each.photoId !== photo.photoId));
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = ReviewBodySchema.safeParse({ rating, title, text, showNameAndCity });
    if (!checked.success) {
      setErrors(issueFieldErrors(checked.error.issues));
      return;
    }
    setErrors(noFieldErrors);
    setBusy(true);
    let savedId = reviewId;
    let message: string;
    try {
      const saved = savedId
        ? await updateReview(client, savedId, checked.data)
        : await createReview(client, { productId, ...checked.data });
      savedId = saved.review.reviewId;
      setReviewId(savedId);
      setPhotos(saved.review.photos);
      message = saved.message;
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setProblem(errorText(error));
      setBusy(false);
      return;
    }
    // The review is saved; each photo picked goes now, and one refused stops there with the server's words.
    let left = pending;
    try {
      for (const { file } of pending) {
        const photo = await addReviewPhoto(client, savedId, file);
        setPhotos((current) => [...current, photo]);
        left = left.slice(1);
        setPending(left);
      }
    } catch (error) {
      setProblem(`${message} ${errorText(error)}`);
      setBusy(false);
      return;
    }
    setBusy(false);
    onSaved(message);
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label={`Review of ${productTitle}`}>
      {/* A radio group rather than a fieldset's group: aria-invalid is allowed on it. */}
      <div
        className="review-form__stars"
        role="radiogroup"
        aria-labelledby={`${idBase}-rating-label`}
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? `${idBase}-rating-error` : undefined}
      >
        <p id={`${idBase}-rating-label`} className="review-form__legend">
          Your rating
        </p>
        <div className="review-form__star-choices">
          {STAR_CHOICES.map((stars) => (
            <label key={stars} className="review-form__star">
              <input
                type="radio"
                name={`${idBase}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => {
                  setRating(stars);
                  edited('rating');
                }}
              />
              <span aria-hidden="true" className={stars <= rating ? 'review-stars__on' : 'review-stars__off'}>
                ★
              </span>
              <span className="visually-hidden">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={`${idBase}-rating-error`} className="form-field__error">
            {errors.rating}
          </p>
        ) : null}
      </div>
      <InputField
        label="Title"
        id={`${idBase}-title`}
        maxLength={MAX_REVIEW_TITLE_LENGTH}
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          edited('title');
        }}
      />
      <TextareaField
        label="Your review"
        id={`${idBase}-text`}
        rows={5}
        maxLength={MAX_REVIEW_TEXT_LENGTH}
        value={text}
        error={errors.text}
        onChange={(event) => {
          setText(event.target.value);
          edited('text');
        }}
      />
      <label htmlFor={`${idBase}-photos`}>Photos (optional, up to {MAX_REVIEW_PHOTOS})</label>
      <input
        id={`${idBase}-photos`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={busy || room <= 0}
        onChange={(event) => {
          pickPhotos(event.target.files);
          event.target.value = '';
        }}
      />
      {photos.length + pending.length > 0 ? (
        <ul className="review-form__photos" aria-label="Your photos">
          {photos.map((photo, index) => (
            <li key={photo.photoId}>
              <img
                src={photo.thumbnailUrl}
                alt={`Your upload ${index + 1} of ${photos.length}`}
                width={72}
                height={72}
              />
              <Button variant="secondary" disabled={busy} onClick={() => void removePhoto(photo)}>
                Remove photo {index + 1}
              </Button>
            </li>
          ))}
          {pending.map(({ key, file }) => (
            <li key={key}>
              <span>{file.name} (added when you save)</span>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setPending((current) => current.filter((each) => each.key !== key))}
              >
                Remove {file.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="review-form__choice">
        <input
          type="checkbox"
          checked={showNameAndCity}
          onChange={(event) => setShowNameAndCity(event.target.checked)}
        />
        Show my first name and city with my review (else it says “A verified buyer”)
      </label>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="review-form__actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : existing ? 'Save changes' : 'Submit review'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
