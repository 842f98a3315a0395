import { useEffect, useState } from 'react';
import {
  type ReviewSort,
  reviewSortLabels,
  reviewSorts,
  VERIFIED_BUYER_LABEL,
} from '../../../../contracts/review-rules';
import type { PublicReview, RatingSummary } from '../../../../contracts/reviews';
import { shop } from '../../../../contracts/shop';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/form/form-field';
import { paths } from '../../../lib/paths';
import { Link } from '../../../lib/router';
import { useSessionUser } from '../../../lib/session';
import { FIRST_REVIEW_SORT, useProductReviews } from '../api/get-product-reviews';
import { useVoteHelpful } from '../api/vote-helpful';
import { ReviewStars, reviewDate } from './review-stars';

const STARS_DOWN = [5, 4, 3, 2, 1] as const;

function isReviewSort(value: string): value is ReviewSort {
  return (reviewSorts as readonly string[]).includes(value);
}

/** docs/product.md#reviews: how many reviews gave each number of stars. */
function Distribution({ summary }: { summary: RatingSummary }) {
  return (
    <ul className="review-distribution" aria-label="Reviews by stars">
      {STARS_DOWN.map((stars) => {
        const count = summary.distribution[stars];
        return (
          <li key={stars}>
            <span>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
            {/* A meter, not a styled bar: the page's CSP allows no inline style. */}
            <meter aria-hidden="true" min={0} max={Math.max(1, summary.count)} value={count} />
            <span>{count}</span>
          </li>
        );
      })}
    </ul>
  );
}

interface ReviewItemProps {
  review: PublicReview;
  productId: string;
  signedIn: boolean;
}

function ReviewItem({ review, productId, signedIn }: ReviewItemProps) {
  const vote = useVoteHelpful(productId);
  const [askSignIn, setAskSignIn] = useState(false);
  const titleId = `review-${review.reviewId}`;

  function pressHelpful() {
    if (!signedIn) {
      setAskSignIn(true);
      return;
    }
    vote.mutate({ reviewId: review.reviewId, helpful: !review.votedHelpful });
  }

  return (
    <li className="review">
      <article aria-labelledby={titleId}>
        <ReviewStars rating={review.rating} />
        <h3 id={titleId} className="review__title">
          {review.title}
        </h3>
        <p className="review__by">
          <span className="review__verified">{VERIFIED_BUYER_LABEL}</span>
          <span>{review.city ? `${review.author}, ${review.city}` : review.author}</span>
          <span>{reviewDate(review.createdAt)}</span>
          {review.editedAt ? <span>(edited)</span> : null}
        </p>
        <p className="review__text">{review.text}</p>
        {review.photos.length > 0 ? (
          <ul className="review__photos" aria-label={`Photos with ${review.title}`}>
            {review.photos.map((photo, index) => (
              <li key={photo.photoId}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl}
                    alt={`From ${review.author}, ${index + 1} of ${review.photos.length}`}
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {review.reply ? (
          <div className="review__reply">
            <p className="review__reply-by">
              Reply from {shop.name} · {reviewDate(review.reply.at)}
            </p>
            <p className="review__text">{review.reply.text}</p>
          </div>
        ) : null}
        <div className="review__helpful">
          <Button
            variant="secondary"
            aria-pressed={review.votedHelpful}
            aria-describedby={titleId}
            disabled={vote.isPending}
            onClick={pressHelpful}
          >
            Helpful ({review.helpfulCount})
          </Button>
          {askSignIn ? (
            <p className="review__notice" role="status">
              <Link to={paths.loginReturningTo(paths.product(productId))}>Sign in</Link> to vote for reviews.
            </p>
          ) : null}
          {vote.isError ? (
            <p className="error-text" role="alert">
              {vote.error.message}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** docs/product.md#reviews: the product's published reviews, sorted as the shopper chooses, 10 at a time. */
export function ReviewList({ productId }: { productId: string }) {
  const [sort, setSort] = useState<ReviewSort>(FIRST_REVIEW_SORT);
  const user = useSessionUser();
  const reviews = useProductReviews(productId, sort, true);
  const signedIn = user !== null;
  const { refetch, isSuccess, isFetchedAfterMount } = reviews;
  useEffect(() => {
    // The server renders the page as a visitor's: a signed-in reader's own "Helpful" votes come with a new read.
    if (signedIn && isSuccess && !isFetchedAfterMount) void refetch();
  }, [signedIn, isSuccess, isFetchedAfterMount, refetch]);
  const pages = reviews.data?.pages ?? [];
  const summary = pages[0]?.summary;
  const listed = pages.flatMap((page) => page.reviews);

  return (
    <div className="review-list">
      {summary ? <Distribution summary={summary} /> : null}
      <SelectField
        label="Sort reviews"
        className="review-list__sort"
        value={sort}
        onChange={(event) => {
          if (isReviewSort(event.target.value)) setSort(event.target.value);
        }}
      >
        {reviewSorts.map((each) => (
          <option key={each} value={each}>
            {reviewSortLabels[each]}
          </option>
        ))}
      </SelectField>
      {reviews.isPending ? (
        <p className="status-text" role="status">
          Loading reviews…
        </p>
      ) : null}
      {reviews.isError ? (
        <div role="alert">
          <p className="error-text">{reviews.error.message}</p>
          <Button variant="secondary" onClick={() => reviews.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {listed.length > 0 ? (
        <ol className="review-list__items" aria-label="Reviews">
          {listed.map((review) => (
            <ReviewItem key={review.reviewId} review={review} productId={productId} signedIn={signedIn} />
          ))}
        </ol>
      ) : null}
      {reviews.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={reviews.isFetchingNextPage}
          onClick={() => reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? 'Loading…' : 'More reviews'}
        </Button>
      ) : null}
    </div>
  );
}
