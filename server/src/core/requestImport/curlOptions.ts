// curl's command-line options, read as curl reads them: long options, short ones alone or run together (-sSL,
// -XPOST, -d@file), values in the next word or in the same one. What an import uses is collected; what only shapes
// curl's own output is passed over; what would change the request in a way the platform cannot hold is noted; an
// option curl does not have is refused, since whether it takes a value (and so what the next word is) is unknown.
import type { ShellWord } from './shellWords';
import { literalOf } from './shellWords';

/** The options an import reads, by curl's long name; each takes a value. */
const USED_WITH_VALUE = [
  'request', 'header', 'data', 'data-ascii', 'data-raw', 'data-binary', 'data-urlencode', 'json', 'form', 'form-string', 'user', 'url',
  'cookie', 'user-agent', 'referer', 'upload-file', 'oauth2-bearer', 'url-query',
] as const;
type UsedOption = (typeof USED_WITH_VALUE)[number];

/** Switches an import reads. */
const USED_SWITCHES = ['get', 'head', 'insecure', 'globoff', 'basic', 'digest', 'ntlm', 'negotiate', 'anyauth', 'netrc', 'netrc-optional', 'location', 'location-trusted', 'compressed', 'path-as-is'] as const;

/** Options that shape only curl's own output or connection, each taking a value: passed over. */
const PASSED_WITH_VALUE = new Set([
  'output', 'write-out', 'max-time', 'connect-timeout', 'retry', 'retry-delay', 'retry-max-time', 'cookie-jar', 'dump-header', 'limit-rate',
  'max-redirs', 'stderr', 'trace', 'trace-ascii', 'interface', 'local-port', 'speed-limit', 'speed-time', 'max-filesize', 'output-dir',
  'keepalive-time', 'happy-eyeballs-timeout-ms', 'expect100-timeout', 'trace-config', 'rate', 'parallel-max', 'create-file-mode',
  'etag-save', 'etag-compare', 'dns-servers', 'dns-interface', 'dns-ipv4-addr', 'dns-ipv6-addr', 'proto', 'proto-redir', 'proto-default',
  'ciphers', 'tls13-ciphers', 'curves', 'tls-max', 'ssl-sessions', 'alt-svc', 'hsts', 'ip-tos', 'vlan-priority', 'mptcp',
]);

/** Options with a value that change what is sent or where, which a connector cannot hold: noted, not taken. */
const NOTED_WITH_VALUE: Record<string, string> = {
  proxy: 'a proxy (the tool uses HTTPS_PROXY or --proxy, and VS Code its proxy settings)',
  'proxy-user': 'a proxy user',
  'proxy-header': 'a header for the proxy',
  preproxy: 'a proxy',
  socks5: 'a SOCKS proxy',
  'socks5-hostname': 'a SOCKS proxy',
  socks4: 'a SOCKS proxy',
  'socks4a': 'a SOCKS proxy',
  noproxy: 'hosts without a proxy (NO_PROXY)',
  cert: 'a client certificate (set it per environment in connector-environments.json)',
  key: 'a client certificate key (set it per environment in connector-environments.json)',
  'cert-type': 'a client certificate type',
  'key-type': 'a client certificate key type',
  pass: 'a client certificate passphrase',
  cacert: 'certificate authorities (NODE_EXTRA_CA_CERTS, --cacert or an environment\'s caFile)',
  capath: 'certificate authorities (NODE_EXTRA_CA_CERTS, --cacert or an environment\'s caFile)',
  resolve: 'a fixed address for a host (--resolve)',
  'connect-to': 'another host to connect to (--connect-to)',
  range: 'a byte range (send a Range header instead)',
  'time-cond': 'a time condition (send an If-Modified-Since header instead)',
  'continue-at': 'a resumed transfer',
  'request-target': 'another request target',
  'unix-socket': 'a Unix socket',
  'abstract-unix-socket': 'a Unix socket',
  'aws-sigv4': 'AWS Signature Version 4 signing, which the platform does not offer',
  'login-options': 'login options',
  'sasl-authzid': 'SASL',
  'service-name': 'a Kerberos service name',
  'delegation': 'Kerberos delegation',
  'hostpubmd5': 'an SSH host key',
  'hostpubsha256': 'an SSH host key',
  'pubkey': 'an SSH key',
  'telnet-option': 'telnet options',
  'quote': 'FTP commands',
  'ftp-port': 'FTP',
  'ftp-account': 'FTP',
  'mail-from': 'mail',
  'mail-rcpt': 'mail',
  'mail-auth': 'mail',
};

/** Switches that shape only curl's own output or connection: passed over. */
const PASSED_SWITCHES = new Set([
  'silent', 'show-error', 'verbose', 'include', 'show-headers', 'fail', 'fail-with-body', 'fail-early', 'no-buffer', 'progress-bar', 'remote-name',
  'remote-name-all', 'remote-header-name', 'http1.0', 'http1.1', 'http2', 'http2-prior-knowledge', 'http3', 'http3-only', 'http0.9', 'tlsv1',
  'tlsv1.0', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3', 'sslv2', 'sslv3', 'ipv4', 'ipv6', 'raw', 'tr-encoding', 'no-keepalive', 'tcp-nodelay',
  'tcp-fastopen', 'disable', 'no-progress-meter', 'styled-output', 'no-sessionid', 'false-start', 'junk-session-cookies', 'parallel',
  'parallel-immediate', 'suppress-connect-headers', 'retry-connrefused', 'retry-all-errors', 'remote-time', 'xattr', 'create-dirs',
  'skip-existing', 'remove-on-error', 'no-alpn', 'no-npn', 'cert-status', 'disallow-username-in-url', 'ssl', 'ssl-reqd',
  'ssl-allow-beast', 'ssl-no-revoke', 'ssl-revoke-best-effort', 'ssl-auto-client-cert', 'doh-insecure', 'proxy-insecure', 'proxytunnel',
  'post301', 'post302', 'post303', 'crlf', 'append', 'list-only', 'manual', 'help', 'version', 'buffer', 'keepalive', 'sessionid',
  'progress-meter', 'clobber', 'compressed-ssh', 'proxy-anyauth', 'proxy-basic', 'proxy-digest', 'proxy-ntlm', 'proxy-negotiate',
  'ignore-content-length', 'no-clobber', 'ca-native', 'proxy-ca-native', 'haproxy-protocol', 'sasl-ir', 'no-sasl-ir',
]);

/** Options a pasted command cannot be read with: what they would do is outside the command. */
const REFUSED: Record<string, string> = {
  config: 'reads further options from a file',
  next: 'starts another request in the same command; give one request per curl command',
  variable: 'sets curl variables',
  'expand-url': 'expands curl variables',
  'expand-data': 'expands curl variables',
  'expand-header': 'expands curl variables',
};

/** curl's one-letter options by long name. */
const SHORT: Record<string, string> = {
  X: 'request', H: 'header', d: 'data', F: 'form', u: 'user', b: 'cookie', A: 'user-agent', e: 'referer', T: 'upload-file', G: 'get', I: 'head',
  k: 'insecure', g: 'globoff', L: 'location', x: 'proxy', U: 'proxy-user', E: 'cert', o: 'output', w: 'write-out', m: 'max-time',
  c: 'cookie-jar', D: 'dump-header', r: 'range', z: 'time-cond', C: 'continue-at', t: 'telnet-option', Q: 'quote', P: 'ftp-port',
  Y: 'speed-limit', y: 'speed-time', K: 'config', s: 'silent', S: 'show-error', v: 'verbose', i: 'include', f: 'fail', N: 'no-buffer',
  '#': 'progress-bar', O: 'remote-name', J: 'remote-header-name', '0': 'http1.0', '1': 'tlsv1', '2': 'sslv2', '3': 'sslv3', '4': 'ipv4',
  '6': 'ipv6', q: 'disable', j: 'junk-session-cookies', Z: 'parallel', n: 'netrc', p: 'proxytunnel', l: 'list-only', B: 'use-ascii',
  R: 'remote-time', a: 'append', M: 'manual', V: 'version', h: 'help', ':': 'next',
};

function takesValue(name: string): boolean {
  return (USED_WITH_VALUE as readonly string[]).includes(name) || PASSED_WITH_VALUE.has(name) || name in NOTED_WITH_VALUE || name === 'config';
}

function known(name: string): boolean {
  return takesValue(name) || (USED_SWITCHES as readonly string[]).includes(name) || PASSED_SWITCHES.has(name) || name in REFUSED || name === 'use-ascii';
}

/** One option as given: curl's long name and its value (a word; for short options run together, the rest of the word). */
export interface GivenOption {
  name: string;
  value?: ShellWord;
  /** The option as written, for messages (`-d`, `--data-raw`). */
  written: string;
}

/** A command's arguments once read: options in order and the URLs. */
export interface CurlArguments {
  options: GivenOption[];
  urls: ShellWord[];
  /** What was passed over or could not be taken, each as a reason. */
  noted: string[];
}

/** A word made of the rest of another one (`-XPOST` gives `POST`). */
function restOf(word: ShellWord, skip: number): ShellWord {
  const [first, ...others] = word.parts;
  if (first?.kind !== 'text') return word;
  return { parts: [{ kind: 'text', text: first.text.slice(skip) }, ...others], offset: word.offset + skip, end: word.end };
}

/** Reads a curl command's words (after `curl`); an unknown or unreadable option is an error with its place. */
export function readCurlArguments(words: readonly ShellWord[]): { ok: true; arguments: CurlArguments } | { ok: false; message: string; offset: number } {
  const options: GivenOption[] = [];
  const urls: ShellWord[] = [];
  const noted: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as ShellWord;
    const text = literalOf(word) ?? (word.parts[0]?.kind === 'text' ? word.parts[0].text : '');
    const nextValue = (written: string): ShellWord | { ok: false; message: string; offset: number } => {
      const value = words[i + 1];
      if (!value) return { ok: false, message: `${written} needs a value`, offset: word.end };
      i++;
      return value;
    };
    if (text.startsWith('--') && text.length > 2) {
      const name = text.slice(2);
      if (!known(name) && name.startsWith('no-') && known(name.slice(3)) && !takesValue(name.slice(3))) continue;
      if (!known(name)) return { ok: false, message: `curl has no option '${text}' that this import knows; remove it, or write the request out without it`, offset: word.offset };
      if (name in REFUSED) return { ok: false, message: `${text} ${REFUSED[name] ?? ''}, which an import cannot follow`, offset: word.offset };
      if (!takesValue(name)) {
        options.push({ name, written: text });
        continue;
      }
      const value = nextValue(text);
      if ('ok' in value) return value;
      options.push({ name, value, written: text });
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      // Short options run together: each letter is a switch, until one takes a value (the rest of the word, or the next word).
      for (let at = 1; at < text.length; at++) {
        const letter = text[at] as string;
        const name = SHORT[letter];
        if (!name) return { ok: false, message: `curl has no option '-${letter}' that this import knows`, offset: word.offset + at };
        if (name in REFUSED) return { ok: false, message: `-${letter} ${REFUSED[name] ?? ''}, which an import cannot follow`, offset: word.offset + at };
        if (!takesValue(name)) {
          options.push({ name, written: `-${letter}` });
          continue;
        }
        if (at + 1 < text.length || word.parts.length > 1) {
          options.push({ name, value: restOf(word, at + 1), written: `-${letter}` });
        } else {
          const value = nextValue(`-${letter}`);
          if ('ok' in value) return value;
          options.push({ name, value, written: `-${letter}` });
        }
        break;
      }
      continue;
    }
    urls.push(word);
  }
  for (const option of options) {
    const reason = NOTED_WITH_VALUE[option.name];
    if (reason) noted.push(`${option.written} sets ${reason}; a connector does not hold it.`);
  }
  return { ok: true, arguments: { options, urls, noted } };
}

/** Whether an option is one an import takes (and so reads its value). */
export function isUsed(name: string): name is UsedOption {
  return (USED_WITH_VALUE as readonly string[]).includes(name);
}
