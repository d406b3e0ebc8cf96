import { describe, expect, it } from 'vitest';
import { createFeatureModel } from './features';

describe('feature model', () => {
  it('legacy list: every feature is allowed with amount -1, listed or not', () => {
    const model = createFeatureModel({ features: ['rotas'], package_features: null });
    expect(model.mode).toBe('legacy');
    expect(model.has('rotas')).toBe(true);
    expect(model.has('residential')).toBe(true);
    expect(model.amount('rotas')).toBe(-1);
    expect(model.amount('residential')).toBe(-1);
  });

  it('package map: a feature exists when it is a key; its amount is the value, 0 when missing', () => {
    const model = createFeatureModel({ features: null, package_features: { rotas: 5, events: 0 } });
    expect(model.mode).toBe('package');
    expect(model.has('rotas')).toBe(true);
    expect(model.amount('rotas')).toBe(5);
    expect(model.has('events')).toBe(true);
    expect(model.amount('events')).toBe(0);
    expect(model.has('residential')).toBe(false);
    expect(model.amount('residential')).toBe(0);
    expect(model.has('toString')).toBe(false);
  });

  it('technical features default to false when not listed', () => {
    const model = createFeatureModel({ features: [], tech_features: { new_rota_ui: true, beta: false } });
    expect(model.tech('new_rota_ui')).toBe(true);
    expect(model.tech('beta')).toBe(false);
    expect(model.tech('unlisted')).toBe(false);
    expect(createFeatureModel({ features: [] }).tech('new_rota_ui')).toBe(false);
  });

  it('no organisation allows nothing', () => {
    const model = createFeatureModel(null);
    expect(model.has('rotas')).toBe(false);
    expect(model.amount('rotas')).toBe(0);
  });
});
