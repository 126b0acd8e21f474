import type { Rule } from '../types';

export const restParameterRules: readonly Rule[] = [];
