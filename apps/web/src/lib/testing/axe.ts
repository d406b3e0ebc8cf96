import axe from 'axe-core';

/**
 * The WCAG 2.0–2.2 A and AA violations axe finds in `root`, one line each (rule id and the
 * offending elements), for tests that expect none. Only tests use it.
 */
export async function axeViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    // jsdom lays nothing out, so contrast cannot be measured here; the browser run covers it.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}
