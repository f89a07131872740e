import { REPORT_REASONS, REVIEW_BODY_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

export interface ReviewRow {
  readonly reviewer_id: string;
  readonly rating: number;
  readonly body: string;
  readonly at: string;
  readonly reply: { body: string; at: string } | null;
}

export interface ReviewsData {
  readonly slug: string;
  readonly name: string;
  readonly rating: { average: number | null; count: number };
  readonly reviews: readonly ReviewRow[];
  /** the viewer owns the listing: reply forms instead of a review form */
  readonly owner: boolean;
  readonly emailConfirmed: boolean;
  readonly form: { rating: string; body: string; errors: Record<string, string[]> };
  readonly notice: string | null;
}

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(REVIEW_RATING_MAX - n)}`;

/** `/listings/{slug}/reviews`: the reviews that stand, your review form, owners' replies, reports */
export const ReviewsView = (data: ReviewsData, frame: PageFrame): VNode => {
  const { viewer } = frame;
  const errors = data.form.errors;
  const back = `/listings/${data.slug}/reviews`;
  const ratings = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, i) => REVIEW_RATING_MIN + i);
  return html`<${Layout} frame=${frame} title=${`Reviews of ${data.name}`}>
    <h1>Reviews of <a href=${`/listings/${data.slug}`}>${data.name}</a></h1>
    <p>Community rating: ${data.rating.average === null ? 'no reviews yet' : `${data.rating.average} of 5 from ${data.rating.count}`}</p>
    ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : null}
    ${
      !viewer
        ? html`<p><a href=${`/signin/email?next=${encodeURIComponent(back)}`}>Sign in</a> to write a review.</p>`
        : data.owner
          ? html`<p>You own this listing: you can reply to reviews, not write one.</p>`
          : !data.emailConfirmed
            ? html`<p>Confirm your email on <a href="/me">your account</a> to write a review.</p>`
            : html`<form method="post" action=${`/listings/${data.slug}/review`} novalidate>
                <h2>Your review</h2>
                <${CsrfField} viewer=${viewer} />
                <fieldset aria-describedby=${errors.rating ? 'review-rating-error' : undefined}>
                  <legend>Rating</legend>
                  ${ratings.map(
                    (n) => html`<label>
                      <input type="radio" name="rating" value=${String(n)} checked=${data.form.rating === String(n)} required />
                      ${n}
                    </label>`,
                  )}
                  <${FieldErrors} id="review-rating-error" messages=${errors.rating} />
                </fieldset>
                <p>
                  <label for="review-body">Review</label>
                  <textarea
                    id="review-body"
                    name="body"
                    maxlength=${String(REVIEW_BODY_MAX)}
                    aria-invalid=${errors.body ? 'true' : undefined}
                    aria-describedby=${errors.body ? 'review-body-error' : undefined}
                  >${data.form.body}</textarea>
                  <${FieldErrors} id="review-body-error" messages=${errors.body} />
                </p>
                <button type="submit">Save review</button>
              </form>`
    }
    <ol class="reviews">
      ${data.reviews.map(
        (review, i) => html`<li>
          <p><span aria-label=${`${review.rating} of 5`}>${stars(review.rating)}</span> <time datetime=${review.at}>${review.at.slice(0, 10)}</time></p>
          <p>${review.body}</p>
          ${review.reply ? html`<blockquote><p><strong>The owner replied:</strong> ${review.reply.body}</p></blockquote>` : null}
          ${
            viewer && data.owner
              ? html`<form method="post" action=${`/listings/${data.slug}/reviews/${encodeURIComponent(review.reviewer_id)}/reply`}>
                  <${CsrfField} viewer=${viewer} />
                  <label for=${`reply-${review.reviewer_id}`}>Reply</label>
                  <textarea id=${`reply-${review.reviewer_id}`} name="body" required maxlength="3000"></textarea>
                  <button type="submit" class="secondary">Reply</button>
                </form>`
              : null
          }
          ${
            viewer
              ? html`<form method="post" action=${`/listings/${data.slug}/reviews/${encodeURIComponent(review.reviewer_id)}/report`} class="inline-form">
                  <${CsrfField} viewer=${viewer} />
                  <label for=${`report-reason-${i}`}>Why report this review</label>
                  <select id=${`report-reason-${i}`} name="reason">
                    ${REPORT_REASONS.map((reason) => html`<option value=${reason}>${reason}</option>`)}
                  </select>
                  <button type="submit" class="link">Report</button>
                </form>`
              : html`<p><a href=${`/signin/email?next=${encodeURIComponent(back)}`}>Sign in to report this review</a></p>`
          }
        </li>`,
      )}
    </ol>
  <//>`;
};
