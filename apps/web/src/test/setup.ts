import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A lazily loaded step or widget arrives well within a second alone; under CI's other work it can
// take longer. The limit catches what never appears, not what is slow.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => {
  cleanup();
});
