import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as EstimatorModule from './estimator';
import { loadEstimator } from './estimator';
import { PasswordStrength } from './password-strength';

vi.mock('./estimator', async (importOriginal) => {
  const actual = await importOriginal<typeof EstimatorModule>();
  return { ...actual, loadEstimator: vi.fn(actual.loadEstimator) };
});

describe('PasswordStrength: lazy dictionaries', () => {
  it('loads the estimator on first use, not before', async () => {
    const { rerender } = render(<PasswordStrength password="" />);
    expect(loadEstimator).not.toHaveBeenCalled();
    rerender(<PasswordStrength password="Tr0ub4dour&3x" />);
    expect(loadEstimator).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Checking…');
    await waitFor(() => expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Strong'));
  });
});
