// Reads a tests file with its connector, for the command line and the language server alike: the connector's
// checks, the tests file's own checks against it (body-file variables included), nothing sent.
import { existsSync } from 'node:fs';
import { readJsonTextSync } from './jsonText';
import { bodyTextsOf } from './valuesFiles';
import { basename, dirname, join } from 'node:path';
import {
  checkTestsFile, readTestsFile, TESTS_FILE_SUFFIX,
  type BodyFileReader, type CheckedDocument, type CheckOptions, type ConnectorLanguageService, type Finding, type TestsFile,
} from '../core';

/** The connector a tests file belongs to: `NAME.connector.json` for `NAME.tests.json`. */
export function connectorPathOf(testsPath: string): string {
  return join(dirname(testsPath), `${basename(testsPath).replace(/\.tests\.json$/i, '')}.connector.json`);
}

/** The tests file of a connector: `NAME.tests.json` for `NAME.connector.json`. */
export function testsPathOf(connectorPath: string): string {
  return join(dirname(connectorPath), `${basename(connectorPath).replace(/\.connector\.json$/i, '')}${TESTS_FILE_SUFFIX}`);
}

/** A tests file and its connector, read and checked. */
export interface LoadedSuite {
  testsPath: string;
  connectorPath: string;
  file: TestsFile;
  connectorText: string;
  lint: CheckedDocument;
  /** The tests file's problems: its own, and those against the connector. */
  findings: Finding[];
}

/** How files are read (an editor's open documents win over the disk) and how the connector is checked. */
export interface SuiteReading {
  readText?: (path: string) => string | undefined;
  /** The connector's check: its levels, body files and $metadata, as the edge checks connector files. */
  check: CheckOptions & { readBodyFile: BodyFileReader };
}

function textOf(path: string, reading: SuiteReading): string | undefined {
  const open = reading.readText?.(path);
  if (open !== undefined) return open;
  return existsSync(path) ? readJsonTextSync(path) : undefined;
}

/** Reads a tests file and its connector; a missing connector or an unreadable file is a message. */
export function loadSuite(service: ConnectorLanguageService, testsPath: string, reading: SuiteReading): { ok: true; suite: LoadedSuite } | { ok: false; message: string } {
  const connectorPath = connectorPathOf(testsPath);
  let testsText: string | undefined;
  let connectorText: string | undefined;
  try {
    testsText = textOf(testsPath, reading);
    connectorText = textOf(connectorPath, reading);
  } catch (error) {
    return { ok: false, message: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (testsText === undefined) return { ok: false, message: 'does not exist' };
  if (connectorText === undefined) return { ok: false, message: `has no connector beside it: ${basename(connectorPath)} does not exist. A tests file NAME.tests.json belongs to NAME.connector.json in the same folder.` };
  const lint = service.check(connectorText, reading.check).result;
  const file = readTestsFile(testsText);
  return { ok: true, suite: { testsPath, connectorPath, file, connectorText, lint, findings: checkTestsFile(file, lint.connector, bodyTextsOf(lint.connector, reading.check.readBodyFile)) } };
}

/** A tests file's problems as the editor shows them and `connector lint` reports them; one that cannot be read with its connector is one problem. */
export function testsFileFindings(service: ConnectorLanguageService, testsPath: string, reading: SuiteReading): Finding[] {
  const loaded = loadSuite(service, testsPath, reading);
  return loaded.ok ? loaded.suite.findings : [{ code: 'tests-no-connector', severity: 'error', message: `This tests file ${loaded.message}`, offset: 0, length: 0 }];
}
