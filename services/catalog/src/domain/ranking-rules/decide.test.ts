import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { rankingRulesDecider } from './decide.ts';

const spec = deciderSpec(rankingRulesDecider);
const NOW = '2026-11-18T10:00:00.000Z';
const adopt = (version: number) => ({ type: 'AdoptRankingRules' as const, data: { version, now: NOW } });
const adopted = (version: number, previous: number | null, at = NOW) => ({
  type: 'RankingRulesAdopted' as const,
  data: { version, previous, at },
});

describe('ranking rules versions', () => {
  it('given no version recorded when the rules in force are adopted then their version is recorded', () =>
    spec
      .given([])
      .when(adopt(2))
      .then([adopted(2, null)]));
  it('given the same version recorded when adopted again (a restart, another replica) then nothing', () =>
    spec
      .given([adopted(2, null, '2026-11-01T00:00:00.000Z')])
      .when(adopt(2))
      .then([]));
  it('given an older version recorded when a new one is adopted then the change is recorded with the version it replaced', () =>
    spec
      .given([adopted(1, null, '2026-11-01T00:00:00.000Z')])
      .when(adopt(2))
      .then([adopted(2, 1)]));
});
