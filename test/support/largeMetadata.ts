// A large real-world CSDL document shipped by a package on the npm registry: Microsoft Dataverse's $metadata
// (866 entity types, 835 entity sets, 862 actions and functions, 8.5 MB), which the dataverse-gen package ships
// as test data. It is used from node_modules as it is; nothing is copied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LARGE_METADATA_PATH = join(__dirname, '..', '..', 'node_modules', 'dataverse-gen', 'src', '__tests__', 'data', 'edmx.xml');

/** The document's text. */
export function largeMetadataText(): string {
  return readFileSync(LARGE_METADATA_PATH, 'utf8');
}

/** The Dataverse Web API's service root, as a connector's baseUrl would name it. */
export const DATAVERSE_BASE = 'https://contoso.crm.dynamics.com/api/data/v9.2';
