// A values file (NAME.values.json) checked against its connector, for the command line and the language server
// alike: each entry's problems, with the inputs body files name counted as the connector's own.
import { basename } from 'node:path';
import { odataBodyFile, type BodyFileReader, type Connector, type ConnectorLanguageService, type Finding } from '../core';
import { connectorOfValues } from './fileKinds';

/** The texts of the body files a connector's Custom requests name, read with the workspace rule: their variables are inputs. */
export function bodyTextsOf(connector: Connector | undefined, readBodyFile: BodyFileReader | undefined): Map<string, string> {
  const texts = new Map<string, string>();
  for (const request of connector?.kind === 'odata' && readBodyFile ? connector.customRequests : []) {
    const given = odataBodyFile(request);
    const read = given === undefined ? undefined : readBodyFile?.(given);
    if (given !== undefined && read?.ok) texts.set(given, read.text);
  }
  return texts;
}

/**
 * A values file's problems against its connector, given as text (undefined when there is none beside it: that is
 * the one problem then). A connector that is not a JSON object has problems of its own and leaves this file unjudged.
 */
export function valuesFileFindings(service: ConnectorLanguageService, valuesPath: string, text: string, connectorText: string | undefined, readBodyFile?: BodyFileReader): Finding[] {
  if (connectorText === undefined) {
    return [{
      code: 'values-no-connector', severity: 'error', offset: 0, length: 0,
      message: `This values file has no connector beside it: ${basename(connectorOfValues(valuesPath))} does not exist. A values file NAME.values.json belongs to NAME.connector.json in the same folder.`,
    }];
  }
  const connector = service.read(connectorText);
  return connector.connector ? service.checkValuesFile(text, connector, bodyTextsOf(connector.connector, readBodyFile)) : [];
}
