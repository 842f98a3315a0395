import type { ReactNode } from 'react';
import { type AdminReview, MAX_REVIEW_RATING, reviewStatusLabels } from '../../../../contracts/reviews';
import { adminPaths } from '../../../lib/admin-paths';
import { formatIstDateTime } from '../../../lib/console-format';
import { Link } from '../../../lib/router';

/** Filled and empty stars, read out as "4 of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="admin-review__stars">
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(MAX_REVIEW_RATING - rating)}</span>{' '}
      <span>
        {rating} of {MAX_REVIEW_RATING} stars
      </span>
    </span>
  );
}

/**
 * docs/product.md#reviews-console: one review as the owner reads it: the product, the stars, the title and text
 * (plain text, never HTML), the photos from the console's route, the shopper and the delivered order that makes
 * them a verified buyer, the status with the reason it was hidden, and the shop's reply. `actions` are an owner's.
 */
export function ReviewCard({ review, actions }: { review: AdminReview; actions: ReactNode }) {
  const headingId = `review-${review.reviewId}`;
  const low = review.rating <= 2;
  return (
    <li className="admin-order-card admin-review" aria-labelledby={headingId}>
      <h2 className="admin-order-card__title" id={headingId}>
        {review.title}
      </h2>
      <p className={low ? 'admin-review__rating admin-review__rating--low' : 'admin-review__rating'}>
        <Stars rating={review.rating} /> · <strong>{reviewStatusLabels[review.status]}</strong>
      </p>
      <p className="admin-review__text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="admin-return-photos" aria-label="Photos">
          {review.photos.map((photo, index) => (
            <li key={photo.photoId}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumbnailUrl}
                  alt={`The shopper's upload ${index + 1}, full size`}
                  width={120}
                  height={120}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="admin-details">
        <dt>Product</dt>
        <dd>
          <Link to={adminPaths.product(review.productId)}>{review.productTitle}</Link>
        </dd>
        <dt>Shopper</dt>
        <dd>
          <Link to={adminPaths.customer(review.customer.userId)}>{review.customer.name}</Link>
          {review.customer.email ? ` · ${review.customer.email}` : ''}
        </dd>
        <dt>Shown as</dt>
        <dd>
          {review.author}
          {review.city ? `, ${review.city}` : ''}
        </dd>
        <dt>Verified order</dt>
        <dd>
          <Link to={adminPaths.order(review.orderId)}>Order {review.orderNumber}</Link>
        </dd>
        <dt>Written</dt>
        <dd>
          {formatIstDateTime(review.createdAt)}
          {review.editedAt ? ` (edited ${formatIstDateTime(review.editedAt)})` : ''}
        </dd>
        {review.status === 'hidden' && (
          <>
            <dt>Hidden because</dt>
            <dd>
              {review.hiddenReason}
              {review.hiddenAt ? ` (${formatIstDateTime(review.hiddenAt)})` : ''}
            </dd>
          </>
        )}
      </dl>
      {review.reply && (
        <div className="admin-review__reply">
          <p className="admin-review__reply-label">
            Your public reply <span className="admin-muted">({formatIstDateTime(review.reply.at)})</span>
          </p>
          <p className="admin-review__text">{review.reply.text}</p>
        </div>
      )}
      {actions}
    </li>
  );
}
