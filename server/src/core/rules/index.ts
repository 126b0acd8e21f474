import { baseUrlCredentials } from './baseUrlCredentials';
import { baseUrlQuery } from './baseUrlQuery';
import { oauth2TokenUrl } from './oauth2TokenUrl';
import { odataRules } from './odata';
import { metadataRules } from './odata/metadata';
import { restOperationRules } from './restOperation';
import { restParameterRules } from './restParameter';
import type { Rule } from './types';

/** Every semantic rule. A new rule is a new file plus one line in its group's list. */
export const RULES: readonly Rule[] = [...restOperationRules, ...restParameterRules, ...odataRules, ...metadataRules, baseUrlQuery, baseUrlCredentials, oauth2TokenUrl];
