export * from './serializer.js';
export * from './parser.js';
export * from './types.js';
export * from './util.js';
export { Token } from './token.js';
export { DisplayString } from './displaystring.js';
//# sourceMappingURL=index.js.map