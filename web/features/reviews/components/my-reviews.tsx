import { useState } from 'react';
import { reviewStatusLabels } from '../../../../contracts/review-rules';
import type { MyReviewsReply, OwnReview } from '../../../../contracts/reviews';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { deleteReview } from '../api/delete-review';
import { useAfterReviewWrite, useMyReviews } from '../api/get-my-reviews';
import type { ReviewClient } from '../api/review-author';
import { ReviewForm } from './review-form';
import { ReviewStars } from './review-stars';
import './reviews.css';

type ReviewableProduct = MyReviewsReply['products'][number];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function OwnReviewView({ review }: { review: OwnReview }) {
  return (
    <div className="own-review__view">
      <p className="order-card__meta">
        Status: {reviewStatusLabels[review.status]}
        {review.hiddenReason ? ` (${review.hiddenReason})` : ''}
      </p>
      <ReviewStars rating={review.rating} />
      <h3 className="review__title">{review.title}</h3>
      <p className="review__text">{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className="review__photos" aria-label="Your photos">
          {review.photos.map((photo, index) => (
            <li key={photo.photoId}>
              <img
                src={photo.thumbnailUrl}
                alt={`Your upload ${index + 1} of ${review.photos.length}`}
                width={96}
                height={96}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="review__reply">
          <p className="review__reply-by">The shop’s reply</p>
          <p className="review__text">{review.reply.text}</p>
        </div>
      ) : null}
    </div>
  );
}

interface ProductReviewProps {
  client: ReviewClient;
  linkToken: string | null;
  product: ReviewableProduct;
  /** Open the form at once (the product My Orders asked for, or the link's only product). */
  startWriting: boolean;
}

/** One product the author bought: their review of it (edit, delete), the form, or why they may not review it. */
function ProductReview({ client, linkToken, product, startWriting }: ProductReviewProps) {
  const [writing, setWriting] = useState(startWriting && product.canReview && !product.review);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const afterWrite = useAfterReviewWrite(linkToken);
  const titleId = `own-review-${product.productId}`;
  const review = product.review;

  async function saved(message: string) {
    setWriting(false);
    setNotice(message);
    await afterWrite(product.productId);
  }

  async function remove() {
    if (!review) return;
    setBusy(true);
    setProblem(null);
    try {
      const reply = await deleteReview(client, review.reviewId);
      setConfirmingDelete(false);
      setNotice(reply.message);
      await afterWrite(product.productId);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="own-review">
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>
          <Link to={paths.product(product.productId)}>{product.title}</Link>
        </h2>
        {notice ? (
          <p className="success-text" role="status">
            {notice}
          </p>
        ) : null}
        {writing ? (
          <ReviewForm
            client={client}
            productId={product.productId}
            productTitle={product.title}
            existing={review}
            onSaved={(message) => void saved(message)}
            onCancel={() => setWriting(false)}
          />
        ) : review ? (
          <>
            <OwnReviewView review={review} />
            <div className="review-form__actions">
              <Button variant="secondary" aria-describedby={titleId} onClick={() => setWriting(true)}>
                Edit review
              </Button>
              {confirmingDelete ? (
                <>
                  <Button disabled={busy} onClick={() => void remove()}>
                    Yes, delete my review
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
                    Keep it
                  </Button>
                </>
              ) : (
                <Button
                  variant="secondary"
                  aria-describedby={titleId}
                  onClick={() => setConfirmingDelete(true)}
                >
                  Delete review
                </Button>
              )}
            </div>
          </>
        ) : product.canReview ? (
          <Button aria-describedby={titleId} onClick={() => setWriting(true)}>
            Write a review
          </Button>
        ) : (
          <p className="order-card__meta">{product.message}</p>
        )}
        {problem ? (
          <p className="error-text" role="alert">
            {problem}
          </p>
        ) : null}
      </section>
    </li>
  );
}

interface MyReviewsProps {
  client: ReviewClient;
  /** The review link's token, or null for the signed-in shopper. */
  linkToken: string | null;
  /** The product My Orders asked to review, if any: listed alone. */
  productId: number | null;
}

/** docs/product.md#reviews: the products the author may review, with the form; the link's order only, with a link. */
export function MyReviews({ client, linkToken, productId }: MyReviewsProps) {
  const mine = useMyReviews(client, linkToken);
  if (mine.isPending) {
    return (
      <p className="status-text" role="status">
        Loading…
      </p>
    );
  }
  if (mine.isError) {
    return (
      <p className="error-text" role="alert">
        {mine.error.message}
      </p>
    );
  }
  const listed =
    productId === null
      ? mine.data.products
      : mine.data.products.filter((each) => each.productId === productId);
  if (listed.length === 0) {
    return <p>There is nothing to review here yet: reviews are for products you received.</p>;
  }
  return (
    <ul className="own-reviews">
      {listed.map((product) => (
        <ProductReview
          key={product.productId}
          client={client}
          linkToken={linkToken}
          product={product}
          startWriting={productId !== null || listed.filter((each) => each.canReview).length === 1}
        />
      ))}
    </ul>
  );
}
