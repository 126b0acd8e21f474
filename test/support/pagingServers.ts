// Services that page badly, on 127.0.0.1: a next link back to a page already read, one to another origin, one with
// a line break, numbers past a double's range, one that never ends, and a REST list paged by Link headers. Every
// request is recorded with its Authorization header, so a test can tell what reached which origin.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedHit { path: string; authorization?: string }

export interface PagingService {
  url: string;
  hits: RecordedHit[];
  close(): Promise<void>;
}

type Route = (url: URL, base: string, response: ServerResponse) => void;

function json(response: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

async function serve(route: Route): Promise<PagingService> {
  const hits: RecordedHit[] = [];
  let base = '';
  const server: Server = createServer((request: IncomingMessage, response) => {
    hits.push({ path: request.url ?? '', ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}) });
    route(new URL(request.url ?? '/', base), base, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, hits, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** Any request: an empty page with no next link (the other origin a hostile link points at). */
export function startBystander(): Promise<PagingService> {
  return serve((_url, _base, response) => json(response, '{"value":[]}'));
}

/** The hostile and the well-behaved pagers; `elsewhere` is the origin the cross-origin link points at. */
export function startHostilePager(elsewhere: string): Promise<PagingService> {
  return serve((url, base, response) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const rows = (n: number): string => `[{"n":${n * 10 + 1}},{"n":${n * 10 + 2}}]`;
    switch (url.pathname) {
      case '/odata/Loop':
        // Page 1 → page 2 → page 1 again, once relative and once absolute.
        return json(response, `{"value":${rows(page)},"@odata.nextLink":"${page === 1 ? 'Loop?page=2' : `${base}/odata/Loop`}"}`);
      case '/odata/Away':
        return json(response, `{"value":${rows(page)},"@odata.nextLink":"${elsewhere}/odata/Away?page=2"}`);
      case '/odata/CrLf':
        return json(response, `{"value":${rows(page)},"@odata.nextLink":"CrLf?page=2\\r\\nX-Injected: yes"}`);
      case '/odata/Huge':
        return json(response, `{"@odata.count":1e400,"value":[{"n":1e400,"id":9007199254740993}]${page < 2 ? ',"@odata.nextLink":"Huge?page=2"' : ''}}`);
      case '/odata/Endless':
        return json(response, `{"value":${rows(page)},"@odata.nextLink":"Endless?page=${page + 1}"}`);
      case '/odata/NotText':
        return json(response, `{"value":${rows(page)},"@odata.nextLink":1e400}`);
      case '/rest/items':
        return json(response, rows(page), page < 3 ? { link: `<${base}/rest/items?page=${page + 1}>; rel="next", <${base}/rest/items?page=1>; rel="first"` } : {});
      default:
        response.writeHead(404).end();
    }
  });
}
