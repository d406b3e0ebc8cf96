import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// As src/test/setup.ts, without Testing Library's React binding (it would load react-dom itself):
// the Preact files render and unmount their own roots.
configure({ asyncUtilTimeout: 4_000 });
