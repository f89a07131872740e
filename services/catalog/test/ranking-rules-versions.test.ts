import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { RANKING_RULES_VERSION } from '@listings/contracts';
import { catalogEvents } from '@listings/contracts/events';
import { openMemoryEventStore, SCHEMA_VERSION_KEY, withEventSchemas } from '@listings/platform/event-store';
import { describe, expect, it } from 'vitest';
import { weekRulesVersion } from '../src/application/ranking-rules.ts';
import { openCatalogEventLog } from '../src/application/review-admin.ts';
import { RANKING_RULES_STREAM } from '../src/domain/ranking-rules/ranking-rules.ts';
import { resolveWeek } from '../src/domain/weeks.ts';
import { startTestCatalog } from './support.ts';

const AT = '2026-11-18T10:00:00.000Z';

describe('ranking rules versions (#31)', () => {
  it('when a v2 VoteCast and a v1 WeekAwardsDecided stored before rules 2 are read then they come as counted in full under rules 1', async () => {
    const raw = openMemoryEventStore();
    const stored = (type: string, version: number, data: object) => ({
      id: randomUUID(),
      type,
      data,
      metadata: { [SCHEMA_VERSION_KEY]: version },
    });
    await raw.append(
      'engagement-7_ann',
      [stored('VoteCast', 2, { listing_id: 7, account_id: 'ann', launch_week: '2026-11-16', at: AT })],
      'any',
    );
    await raw.append(
      'weekawards-2026-11-09',
      [
        stored('WeekAwardsDecided', 1, {
          week_start: '2026-11-09',
          winners: [{ rank: 1, listing_id: 7, votes: 3 }],
          at: '2026-11-16T00:00:00.000Z',
        }),
      ],
      'any',
    );
    const store = withEventSchemas(raw, catalogEvents);
    const [vote, awards] = (await store.readAll(0, 10)).map((e) => e.data);
    expect(vote).toEqual({
      listing_id: 7,
      account_id: 'ann',
      launch_week: '2026-11-16',
      at: AT,
      voter: { account_created_at: null, email_disposable: false, suspended: false, network: null },
      weight: 1,
      reason: null,
      rules_version: 1,
    });
    expect(awards).toMatchObject({ week_start: '2026-11-09', rules_version: 1 });
  });

  it('when the catalog starts then the rules version in force is recorded once as RankingRulesAdopted, and a restart records nothing more', async () => {
    const first = await startTestCatalog({ now: AT });
    const dir = first.dir;
    await first.stop(false);
    const second = await startTestCatalog({ now: '2026-11-19T10:00:00.000Z', dir });
    await second.stop(false);
    const log = withEventSchemas(openCatalogEventLog({ dataDir: dir }), catalogEvents);
    try {
      const adopted = await log.readStream(RANKING_RULES_STREAM);
      expect(adopted.map((e) => [e.type, e.data])).toEqual([
        ['RankingRulesAdopted', { version: RANKING_RULES_VERSION, previous: null, at: AT }],
      ]);
    } finally {
      await log.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("when a week's awards recorded the version they were ranked under then the week shows it; a week not decided shows the version in force", () => {
    const week = resolveWeek('2026-11-09', new Date(AT), 'week');
    const awards = new Map([['2026-11-09', { week_start: '2026-11-09', winners: [], rules_version: 1 }]]);
    expect(weekRulesVersion({ awards }, week)).toBe(1);
    expect(weekRulesVersion({ awards: new Map() }, week)).toBe(RANKING_RULES_VERSION);
  });
});
