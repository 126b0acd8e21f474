// The network a request is sent through, put together once for the editor and the command line: the edge's own
// (its proxy, the authorities and the certificate it was given), what the chosen environment adds (its "caFile"
// and "clientCertificates", files read relative to the environments file, passphrases from the secrets), and
// NODE_EXTRA_CA_CERTS, which Node.js stops adding by itself once any authority is added.
import { dirname } from 'node:path';
import { addedAuthorities, type AppliedEnvironment, type ClientCertificate, type NetworkSettings, type SecretProvider } from '../core';
import type { EnvironmentSource } from '../io/environmentsFiles';
import { networkFilePath, readCaFile, readClientCertificate, type NetworkFile } from '../io/networkFiles';

/**
 * The trusted authorities with NODE_EXTRA_CA_CERTS's added: Node.js reads that file for its own list only, which
 * a list of authorities given to a connection replaces.
 */
export function withNodeExtraCaCerts(network: NetworkSettings, env: Readonly<Record<string, string | undefined>>): NetworkFile<NetworkSettings> {
  const extra = env.NODE_EXTRA_CA_CERTS;
  if (!addedAuthorities(network).length || !extra) return { ok: true, value: network };
  const read = readCaFile(extra, 'NODE_EXTRA_CA_CERTS');
  if (!read.ok) return { ok: false, message: `${read.message} Fix the variable or unset it.` };
  return { ok: true, value: { ...network, ambientAuthorities: [...(network.ambientAuthorities ?? []), ...read.value] } };
}

/**
 * The edge's network with the chosen environment's certificate authority and client certificates added. For a
 * `preview` a certificate with a passphrase is read but not opened: a preview asks for no secret.
 */
export async function networkWithEnvironment(
  edge: NetworkSettings,
  environment: AppliedEnvironment | undefined,
  source: EnvironmentSource | undefined,
  secrets: SecretProvider,
  env: Readonly<Record<string, string | undefined>>,
  preview = false,
): Promise<NetworkFile<NetworkSettings>> {
  let network = edge;
  if (environment && source && (environment.caFile || environment.clientCertificates?.length)) {
    const base = dirname(source.path);
    const where = `environment '${environment.name}'`;
    const caCertificates = [...(edge.caCertificates ?? [])];
    const caFiles = [...(edge.caFiles ?? [])];
    if (environment.caFile) {
      const path = networkFilePath(environment.caFile.value, base);
      const ca = readCaFile(path, `${source.locate(environment.caFile.offset)} "caFile" of ${where}, ${JSON.stringify(environment.caFile.value)},`);
      if (!ca.ok) return ca;
      caCertificates.push(...ca.value);
      caFiles.push(path);
    }
    const certificates: ClientCertificate[] = [];
    for (const entry of environment.clientCertificates ?? []) {
      const place = source.locate(entry.offset);
      const file = (text: { value: string } | undefined, what: string) => (text ? { path: networkFilePath(text.value, base), shown: `${place} the ${what} ${JSON.stringify(text.value)}` } : undefined);
      const passphrase = entry.passphrase !== undefined && !preview ? await secrets(entry.passphrase, entry.origin) : undefined;
      if (entry.passphrase !== undefined && !preview && !passphrase) return { ok: false, message: `${place} The client certificate of ${entry.origin} needs the secret '${entry.passphrase}' (its passphrase), which is not set.` };
      const cert = file(entry.cert, 'certificate');
      const key = file(entry.key, 'key');
      const pfx = file(entry.pfx, 'PKCS#12 bundle');
      const read = readClientCertificate({
        ...(cert ? { cert } : {}), ...(key ? { key } : {}), ...(pfx ? { pfx } : {}),
        ...(passphrase !== undefined ? { passphrase } : {}),
        ...(entry.passphrase !== undefined ? { passphraseName: entry.passphrase } : {}),
        origin: entry.origin, source: `"clientCertificates" of ${where}`, keyHint: '"key"',
      }, { open: !(preview && entry.passphrase !== undefined) });
      if (!read.ok) return read;
      certificates.push(read.value);
    }
    network = {
      ...edge,
      ...(caCertificates.length ? { caCertificates } : {}),
      ...(caFiles.length ? { caFiles } : {}),
      // The edge's own (--cert) first: it was given for this command; by origin, an environment's entry is still the more specific.
      ...(certificates.length || edge.clientCertificates?.length ? { clientCertificates: [...(edge.clientCertificates ?? []), ...certificates] } : {}),
    };
  }
  return withNodeExtraCaCerts(network, env);
}
