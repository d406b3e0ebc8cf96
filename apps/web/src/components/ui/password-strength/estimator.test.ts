import { describe, expect, it } from 'vitest';
import { getLoadedEstimator, loadEstimator } from './estimator';

describe('loadEstimator', () => {
  it('loads once, on demand, with the English feedback and dictionaries', async () => {
    expect(getLoadedEstimator()).toBeNull();
    const first = loadEstimator();
    expect(loadEstimator()).toBe(first);
    const estimator = await first;
    expect(getLoadedEstimator()).toBe(estimator);
    expect(estimator.estimate('password')).toEqual({
      score: 0,
      warning: 'This is a heavily used password.',
      suggestions: ['Add more words that are less common.'],
    });
    expect(estimator.estimate('Tr0ub4dour&3x')).toEqual({ score: 4, warning: null, suggestions: [] });
  });

  it("counts the person's own words as easy to guess", async () => {
    const estimator = await loadEstimator();
    const without = estimator.estimate('Zanzibarquist7');
    const withInputs = estimator.estimate('Zanzibarquist7', ['zanzibarquist']);
    expect(withInputs.score).toBeLessThan(without.score);
  });
});
