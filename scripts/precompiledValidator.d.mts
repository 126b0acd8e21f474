import type { Plugin } from 'esbuild';

/** Puts the connector schema's validator, compiled at build time, in place of the run-time compile. */
export declare const precompiledValidator: Plugin;
