/**
 * The output boundary: which URLs load, which files are read and written, and how secrets are kept out of every answer.
 */
export { FilePolicy, rootPaths, writeWhole, type RootsProvider } from './files.js';
export { describeSize, readFileWithin } from './bounded-read.js';
export { UrlPolicy, type UrlPolicyOptions } from './url-policy.js';
export {
  SecretStore,
  redactTokens,
  parseSecretsFile,
  referencedSecretNames,
  REDACTED,
  TYPED_SECRET,
} from './secrets.js';
