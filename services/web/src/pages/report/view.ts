import { REPORT_REASONS, REPORT_TEXT_MAX } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

const REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam or advertising',
  scam: 'Scam, fraud or malware',
  offensive: 'Offensive or hateful',
  misleading: 'Misleading or fake',
  copyright: 'Copies someone else’s work',
  other: 'Something else',
};

/** `/listings/:slug/report`: the form a signed-in person reports a listing with, and what they are told */
export const ReportView = (
  props: {
    slug: string;
    name: string;
    /** the answer to a post: received (status), or why not (alert) */
    outcome: { ok: boolean; message: string } | null;
    errors: readonly string[];
  },
  frame: PageFrame & { viewer: Viewer },
): VNode => html`<${Layout} frame=${frame} title=${`Report ${props.name}`}>
  <h1>Report ${props.name}</h1>
  ${props.outcome ? html`<p class="notice" role=${props.outcome.ok ? 'status' : 'alert'}>${props.outcome.message}</p>` : null}
  ${props.errors.length > 0 ? html`<p class="field-error" role="alert">${props.errors.join('; ')}</p>` : null}
  <p>Tell the operators what is wrong with this listing. Each person reports a listing once.</p>
  <form method="post" action=${`/listings/${props.slug}/report`}>
    <${CsrfField} viewer=${frame.viewer} />
    <label for="report-reason">Reason</label>
    <select id="report-reason" name="reason" required>
      ${REPORT_REASONS.map((reason) => html`<option value=${reason}>${REASON_LABELS[reason]}</option>`)}
    </select>
    <label for="report-text">Details (optional, at most ${REPORT_TEXT_MAX} characters)</label>
    <textarea id="report-text" name="text" maxlength=${REPORT_TEXT_MAX}></textarea>
    <button type="submit">Send the report</button>
  </form>
  <p><a href=${`/listings/${props.slug}`}>Back to ${props.name}</a></p>
<//>`;
