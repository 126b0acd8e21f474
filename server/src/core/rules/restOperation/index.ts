import type { Rule } from '../types';

export const restOperationRules: readonly Rule[] = [];
