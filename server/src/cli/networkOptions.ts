// The command line's network, the same for every command that sends (request, test, metadata fetch): the proxy
// variables of the process or --proxy, the authorities of --cacert, and the client certificate of --cert and --key
// (or a PKCS#12 bundle), its passphrase a secret. Files are read and checked before anything is sent.
import { resolve } from 'node:path';
import { environmentSecrets, networkFromEnvironment, noProxyFromEnvironment, proxyAddress, secretVariable, type NetworkSettings } from '../core';
import { readCaFile, readClientCertificate, type NetworkFile } from '../io/networkFiles';
import { UsageError } from './usage';

export const NETWORK_HELP = `Network (every request: the API call, the token request, $metadata):
  --proxy URL            send through this proxy (http://host:port; http://USER:PASSWORD@host:port when it asks
                         for credentials), instead of HTTPS_PROXY / HTTP_PROXY; NO_PROXY still applies
  --cacert FILE          also trust the certificate authority in FILE (PEM; repeatable), e.g. your company's
                         internal CA; NODE_EXTRA_CA_CERTS is trusted too
  --cert FILE            show this client certificate to the services the connector names (its base URL's and
                         token endpoint's origins, never another one a redirect leads to): PEM with --key (or
                         with the key in the same file), or a
                         PKCS#12 bundle (.p12, .pfx)
  --key FILE             the client certificate's private key (PEM)
  --cert-passphrase NAME the secret that opens the key or the bundle (read from CONNECTOR_SECRET_<NAME>)
`;

/** What the network options said. */
export interface NetworkOptions {
  proxy?: string;
  caFiles: string[];
  cert?: string;
  key?: string;
  certPassphrase?: string;
}

/** Takes one network option into `options`; false when `name` is not one. */
export function networkOption(name: string, value: () => string, options: NetworkOptions): boolean {
  if (name === '--proxy') {
    const proxy = value();
    const address = proxyAddress(proxy);
    if (!address.ok) throw new UsageError(`--proxy: ${address.problem}`);
    options.proxy = address.url;
  } else if (name === '--cacert') options.caFiles.push(value());
  else if (name === '--cert') options.cert = value();
  else if (name === '--key') options.key = value();
  else if (name === '--cert-passphrase') options.certPassphrase = value();
  else return false;
  return true;
}

/** Whether FILE is PEM text rather than a PKCS#12 bundle: judged by its name, as curl's --cert-type would be said. */
function isBundle(path: string): boolean {
  return /\.(p12|pfx)$/i.test(path);
}

/**
 * The network of this command: the process's proxy variables, or --proxy, and the files of --cacert and --cert, read
 * and checked. For a `preview` (--dry-run, --curl) a certificate whose passphrase secret is not set is read but not opened.
 */
export function commandLineNetwork(options: NetworkOptions, cwd: string, env: Readonly<Record<string, string | undefined>>, preview = false): NetworkFile<NetworkSettings> {
  const fromEnvironment = networkFromEnvironment(env);
  if (!options.proxy) {
    for (const [variable, value] of [['HTTPS_PROXY', fromEnvironment.proxy?.https], ['HTTP_PROXY', fromEnvironment.proxy?.http]] as const) {
      const address = value === undefined ? undefined : proxyAddress(value);
      if (address && !address.ok) return { ok: false, message: `${variable} (or its lower-case name): ${address.problem}` };
    }
  }
  const noProxy = noProxyFromEnvironment(env);
  let network: NetworkSettings = options.proxy
    ? { ...fromEnvironment, proxy: { http: options.proxy, https: options.proxy, ...(noProxy ? { noProxy } : {}) } }
    : fromEnvironment;
  const caCertificates: string[] = [];
  const caFiles = options.caFiles.map((file) => resolve(cwd, file));
  for (const [i, file] of options.caFiles.entries()) {
    const read = readCaFile(caFiles[i] ?? file, `--cacert ${file}`);
    if (!read.ok) return read;
    caCertificates.push(...read.value);
  }
  if (caCertificates.length) network = { ...network, caCertificates, caFiles };
  if (options.key !== undefined && options.cert === undefined) return { ok: false, message: '--key is the key of a client certificate: give the certificate too, with --cert FILE.' };
  if (options.certPassphrase !== undefined && options.cert === undefined) return { ok: false, message: '--cert-passphrase opens a client certificate: give the certificate too, with --cert FILE.' };
  if (options.cert !== undefined) {
    const bundle = isBundle(options.cert);
    if (bundle && options.key !== undefined) return { ok: false, message: `--cert ${options.cert} is a PKCS#12 bundle, which holds its key: leave out --key.` };
    let passphrase: string | undefined;
    if (options.certPassphrase !== undefined) {
      passphrase = environmentSecrets(env)(options.certPassphrase);
      if (passphrase === undefined && !preview) return { ok: false, message: `The secret '${options.certPassphrase}' of --cert-passphrase is not set: set ${secretVariable(options.certPassphrase)} in the environment.` };
    }
    const file = (path: string, flag: string) => ({ path: resolve(cwd, path), shown: `${flag} ${path}` });
    const read = readClientCertificate({
      ...(bundle ? { pfx: file(options.cert, '--cert') } : { cert: file(options.cert, '--cert'), ...(options.key !== undefined ? { key: file(options.key, '--key') } : {}), keyHint: '--key FILE' }),
      ...(passphrase !== undefined ? { passphrase } : {}),
      ...(options.certPassphrase !== undefined ? { passphraseName: options.certPassphrase } : {}),
      source: `--cert ${options.cert}`,
    }, { open: passphrase !== undefined || options.certPassphrase === undefined });
    if (!read.ok) return read;
    network = { ...network, clientCertificates: [read.value] };
  }
  return { ok: true, value: network };
}
