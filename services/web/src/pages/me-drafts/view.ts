import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { PagedTable } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { type DraftBody, titleOf } from './draft-text.ts';

export interface DraftsData {
  readonly drafts: readonly DraftBody[];
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly formId: string;
  readonly form: { url: string; errors: Record<string, string[]> };
  readonly notice: string | null;
}

/** `/me/drafts`: submit a website, and your drafts with where each one stands. */
export const DraftsView = (data: DraftsData, frame: PageFrame & { viewer: Viewer }): VNode => {
  const errors = data.form.errors;
  return html`<${Layout} frame=${frame} title="Your drafts">
    <h1>Your drafts</h1>
    ${data.notice ? html`<p class="notice" role="alert">${data.notice}</p>` : null}
    <form method="post" action="/me/drafts" novalidate>
      <h2>Submit your product</h2>
      <p>Give us your product's website: we read it (as robots.txt allows) and draft the profile in about a minute, with a quote from your site beside every value. Nothing is published or charged.</p>
      <${CsrfField} viewer=${frame.viewer} />
      <input type="hidden" name="form_id" value=${data.formId} />
      <p>
        <label for="draft-url">Website URL</label>
        <input
          id="draft-url"
          name="url"
          type="url"
          inputmode="url"
          required
          maxlength="2048"
          placeholder="https://www.example.com"
          value=${data.form.url}
          aria-invalid=${errors.url ? 'true' : undefined}
          aria-describedby=${errors.url ? 'draft-url-error' : undefined}
        />
        <${FieldErrors} id="draft-url-error" messages=${errors.url} />
      </p>
      <button type="submit">Draft my listing</button>
    </form>
    <section aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      <${PagedTable}
        head=${html`<tr><th scope="col">Product</th><th scope="col">Status</th><th scope="col">Complete</th><th scope="col">Listing</th></tr>`}
        rows=${data.drafts.map(
          (draft) => html`<tr>
            <td><a href=${`/me/drafts/${draft.id}`}>${titleOf(draft)}</a></td>
            <td>${draft.status}</td>
            <td>${draft.completeness.score}%</td>
            <td>${draft.listing_id === null ? 'not submitted' : `listing ${draft.listing_id}`}</td>
          </tr>`,
        )}
        empty=${html`<p>No drafts yet.</p>`}
        page=${data.page}
        perPage=${data.perPage}
        total=${data.total}
        path="/me/drafts"
      />
    </section>
    <p><a href="/me">Back to your account</a></p>
  <//>`;
};
