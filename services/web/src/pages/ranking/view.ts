import type { getRankingRules } from '@listings/contracts';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

type Rules = Static<typeof getRankingRules.response>;
type Board = Rules['boards'][number];

/** how anyone recomputes a week's board from the ledger and these rules (scripts/recompute-ranking.mjs) */
export const recomputeCommand = (base: string): string =>
  `node scripts/recompute-ranking.mjs --week 2026-11-23 --base ${base} [--json]`;

const BoardRules = ({ board }: { board: Board }): VNode => html`<section aria-labelledby=${`board-${board.board}`}>
  <h2 id=${`board-${board.board}`}>${board.board}</h2>
  <p>${board.summary}</p>
  <dl>
    <dt>Ranked</dt><dd>${board.ranked}</dd>
    <dt>Which votes count</dt><dd>${board.counted}</dd>
    <dt>When a week closes</dt><dd>${board.closes ?? 'Never: this board is not by week.'}</dd>
    <dt>Shown by</dt><dd>${board.shown_by.join(', ')}</dd>
  </dl>
  <h3>Weights</h3>
  <table>
    <thead><tr><th scope="col">Reason in the ledger</th><th scope="col">Weight</th><th scope="col">Why</th></tr></thead>
    <tbody>${board.weights.map(
      (weight) =>
        html`<tr><td>${weight.reason ?? '(none: counted in full)'}</td><td>${weight.weight}</td><td>${weight.words}</td></tr>`,
    )}</tbody>
  </table>
  <h3>Tie-breaks, in order</h3>
  <ol>${board.tie_breaks.map((tie) => html`<li>${tie.words} <span class="muted">(${tie.by}, ${tie.order})</span></li>`)}</ol>
</section>`;

/** the numbers the vote-integrity discounts use, from the rules' data (their words are in each board's weights) */
const Integrity = ({
  integrity,
}: {
  integrity: Rules['integrity'];
}): VNode => html`<section aria-labelledby="integrity">
  <h2 id="integrity">Vote integrity</h2>
  <p>Each vote is weighed as it is cast, by facts recorded with it: how old the voter's account is, whether its email
    address is at a disposable email domain (from a maintained list of such domains), whether the operators suspended it,
    and a keyed hash of the voter's network (never the address). A burst found later discounts its earlier votes too; the
    ledger keeps every vote and shows when it was discounted.</p>
  <dl>
    <dt>Young accounts</dt><dd>younger than ${integrity.young_account_days} days when they vote</dd>
    <dt>Burst window</dt><dd>${integrity.burst_minutes} minutes</dd>
    <dt>A burst from one network</dt><dd>more than ${integrity.network_burst_votes} votes on one listing within the window</dd>
    <dt>A burst of young accounts</dt><dd>more than ${integrity.fresh_burst_accounts} young accounts voting for one listing within the window</dd>
  </dl>
</section>`;

/** `/ranking`: the published ranking rules of get_ranking_rules, and how to recompute a week */
export const RankingView = (rules: Rules, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title="How the rankings work"
  description="The published ranking rules: which votes count, their weights with reasons, tie-breaks, when a week closes."
>
  <h1>How the rankings work</h1>
  <p>Rules version <strong>${rules.version}</strong>. The boards decided by votes follow these rules, published as data
    at <a href="/api/v1/ranking-rules">/api/v1/ranking-rules</a>. Every vote of a launch week is in its public vote ledger
    (a CSV download on each <a href="/launches/weeks/this">launch week's page</a>), with its weight and the reason for any discount.</p>
  <${Integrity} integrity=${rules.integrity} />
  ${rules.boards.map((board) => html`<${BoardRules} board=${board} />`)}
  <section aria-labelledby="recompute">
    <h2 id="recompute">Recompute a week yourself</h2>
    <p>The repository's script reads these rules and every page of a week's ledger, weighs each vote itself (withdrawn and
      late votes from their times; an integrity discount by the weight these rules give its stated reason) and prints the week's board:</p>
    <pre><code>${recomputeCommand(frame.publicUrl)}</code></pre>
  </section>
<//>`;
