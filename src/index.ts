export * from './firefox/index.js';
export * as bidi from './bidi/index.js';
