/**
 * A long docs page: polished's API documentation (documentation.js output shipped in the npm package, 327 kB of HTML),
 * read for one fact.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CorpusApp } from './app.js';

const DOCS = join(createRequire(import.meta.url).resolve('polished/package.json'), '..', 'docs');

export const polishedDocsApp: CorpusApp = {
  library: 'polished 4.3.1 docs',
  path: '/polished.html',
  packages: ['polished/docs/assets'],
  // The page asks for /assets/…; here they are served from the package.
  html: readFileSync(join(DOCS, 'docs/index.html'), 'utf8').replace(
    /(["'])\/assets\//g,
    '$1/node_modules/polished/docs/assets/',
  ),
  tasks: [
    {
      id: 'read-fact',
      ask: 'In the polished docs, what does modularScale(2) give on the default scale?',
      async run(agent) {
        await agent.open('/polished.html', { read: false });
        await agent.find('modularScale');
      },
      check(agent) {
        if (!agent.lastAnswer.includes('1.77689em'))
          throw new Error(`The answer the agent read does not hold 1.77689em:\n${agent.lastAnswer.slice(0, 2000)}`);
        return Promise.resolve();
      },
    },
  ],
};
