import { TokenCache } from '../core';

/** The language server's OAuth2 tokens: in this process's memory only, shared by Send Request and test runs. */
export const serverTokens = new TokenCache();
