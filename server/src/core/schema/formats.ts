import { fullFormats } from 'ajv-formats/dist/formats';
import { patternProblem } from '../pattern';
import { rememberedByText } from '../rememberedByText';

/**
 * The string formats the connector schema uses. The validator compiled while the tests run and the one compiled
 * into the bundles both take them from here, so they judge alike.
 */
export const formats = {
  // Connectors repeat their urls (baseUrl, token endpoint): each is matched against the long URI expression once.
  uri: rememberedByText(fullFormats.uri as (text: string) => boolean),
  // A `pattern` is valid when the one matcher that runs patterns accepts it.
  regex: { type: 'string' as const, validate: (source: string): boolean => patternProblem(source) === undefined },
};
