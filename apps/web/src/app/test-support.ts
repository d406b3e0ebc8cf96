import fs from 'node:fs';
import path from 'node:path';

/** What `index.html` holds inside `<div id="root">`: the site frame painted before the app runs. */
export function staticFrameHtml(): string {
  const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  return /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
}
