/** The creators draw recomputed in the browser gives the service's creators. */
import { drawCreators } from '../../../services/decisions/src/domain/creators-draw.js';
import { recomputeDraw } from '../src/creators-draw.js';

describe('recomputeDraw', () => {
  it('gives the service’s creators from the same seed and list', async () => {
    const eligible = Array.from({ length: 25 }, (_, i) => `00000000-0000-4000-8000-${String(i * 7).padStart(12, '0')}`);
    for (const seed of ['a1b2', 'f'.repeat(64), 'seed']) {
      expect(await recomputeDraw(seed, 'AAAAAAAA-0000-4000-8000-000000000001', eligible, 5)).toEqual(drawCreators(seed, 'aaaaaaaa-0000-4000-8000-000000000001', eligible, 5));
    }
  });
});
