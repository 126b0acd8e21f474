import type { Rule } from '../types';

export const odataRules: readonly Rule[] = [];
