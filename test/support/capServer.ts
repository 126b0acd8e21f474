// A real SAP CAP service (@sap/cds from npm) on 127.0.0.1: a CDS model compiled and served by CAP's own OData V4
// adapter, with CAP's mocked authentication (basic user and password). It needs no database: reads are answered
// by handlers, and $metadata comes from the compiled model, as in production.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CAP_USER = 'workflow';
export const CAP_PASSWORD = 'cap-secret';
/** Rows per page of a paged service (`pagedBooks`). */
export const PAGE_SIZE = 2;

/** The CDS model: entities with keys, an association and a composition, a bound action and function, and annotations CAP turns into vocabulary terms. */
export const CAP_MODEL = `
namespace bookshop;
entity Books {
  key ID : Integer;
  title  : String(111) @mandatory;
  stock  : Integer;
  price  : Decimal(9,2);
  genre  : String enum { Fiction; Science; };
  author : Association to Authors;
  chapters : Composition of many Chapters on chapters.book = $self;
  modifiedAt : Timestamp @cds.on.insert: $now @cds.on.update: $now @odata.etag @Core.Computed;
}
entity Chapters { key book : Association to Books; key number : Integer; title : String; }
entity Authors { key ID : UUID @Core.Computed; name : String @mandatory; books : Association to many Books on books.author = $self; }
@path: 'catalog'
@requires: 'authenticated-user'
service CatalogService {
  entity Books as projection on bookshop.Books actions {
    action order(quantity : Integer not null) returns Integer;
    function stockValue() returns Decimal;
  };
  @readonly entity Authors as projection on bookshop.Authors;
}
`;

interface CapRequest {
  data: Record<string, unknown>;
  query: { SELECT?: { limit?: { rows?: { val?: number }; offset?: { val?: number } } } };
  headers: Record<string, string | undefined>;
  reject(status: number, message?: string): unknown;
  /** 'failed': the request's transaction (a batch's whole change set) was rolled back. */
  on(event: 'failed', handler: () => void): void;
}

interface CapService {
  on(event: string, entity: string, handler: (request: CapRequest) => unknown): void;
}

type Book = Record<string, unknown>;

interface Cds {
  compile(model: string): unknown;
  linked(csn: unknown): unknown;
  model: unknown;
  env: { requires: Record<string, unknown> };
  serve(what: string): { from(csn: unknown): { with(implementation: (this: CapService) => void): { in(app: unknown): Promise<unknown> } } };
}

/**
 * Starts the CAP service on a free port; its base URL is the service root (…/odata/v4/catalog). With `writable`, Books
 * live in memory and can be read by key, created (undone when the transaction, e.g. a batch's change set, fails), changed and deleted, and the bound action answers: CAP's own
 * generic handlers still check what they check without a database (@mandatory, ETags in If-Match).
 */
export async function startCapService(options: { writable?: boolean; pagedBooks?: number } = {}): Promise<{ url: string; close(): Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cds = require('@sap/cds') as Cds;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express = require('express') as () => { listen(port: number, host: string, ready: () => void): Server };
  cds.env.requires.auth = { kind: 'mocked', users: { [CAP_USER]: { password: CAP_PASSWORD, roles: [] } } };
  // Server-driven paging as CAP does it: @cds.query.limit caps every read, and CAP adds the @odata.nextLink.
  const csn = cds.compile(options.pagedBooks ? CAP_MODEL.replace('  entity Books as projection', `  @cds.query.limit: { default: ${PAGE_SIZE}, max: ${PAGE_SIZE} }\n  entity Books as projection`) : CAP_MODEL);
  cds.model = cds.linked(csn);
  const app = express();
  // The service's own implementation answers reads, before CAP's generic handlers (which would need a database).
  const books = new Map<number, Book>([[1, { ID: 1, title: 'Wuthering Heights', stock: 12, price: 11.11, genre: 'Fiction', author_ID: null, modifiedAt: '2026-11-01T09:00:00.000Z' }]]);
  await cds.serve('all').from(csn).with(function implementation(this: CapService) {
    if (options.pagedBooks) {
      const all = Array.from({ length: options.pagedBooks }, (_, i) => ({ ID: i + 1, title: `Book ${i + 1}`, stock: i, price: 1.5, genre: 'Fiction' }));
      // As a database would answer the query CAP built: the page's rows from its offset.
      this.on('READ', 'Books', (request) => {
        if (request.data.ID !== undefined) return all.find((book) => book.ID === Number(request.data.ID)) ?? request.reject(404, `No book ${String(request.data.ID)}.`);
        const limit = request.query.SELECT?.limit;
        const offset = limit?.offset?.val ?? 0;
        return all.slice(offset, offset + (limit?.rows?.val ?? all.length));
      });
      return;
    }
    if (!options.writable) {
      this.on('READ', 'Books', () => [{ ID: 1, title: 'Wuthering Heights', stock: 12, price: 11.11, genre: 'Fiction' }]);
      return;
    }
    const found = (request: CapRequest): Book | undefined => books.get(Number(request.data.ID));
    this.on('READ', 'Books', (request) => (request.data.ID === undefined ? [...books.values()] : found(request) ?? request.reject(404, `No book ${String(request.data.ID)}.`)));
    this.on('CREATE', 'Books', (request) => {
      // As a database would keep it: every column, null where nothing was given.
      const book: Book = { title: null, stock: null, price: null, genre: null, author_ID: null, ...request.data, modifiedAt: new Date().toISOString() };
      books.set(Number(book.ID), book);
      // As a database would: a change set that fails later takes this book back with it.
      request.on('failed', () => books.delete(Number(book.ID)));
      return book;
    });
    // CAP checks If-Match by adding a condition to the database query; without a database, the store applies it,
    // as the database would: an ETag that is not the book's current one changes nothing and answers 412.
    const stale = (request: CapRequest, book: Book | undefined): boolean => {
      const ifMatch = request.headers['if-match'];
      return book !== undefined && ifMatch !== undefined && ifMatch.trim() !== '*' && !ifMatch.split(',').some((tag) => tag.trim() === `W/"${String(book.modifiedAt)}"`);
    };
    this.on('UPDATE', 'Books', (request) => {
      const book = found(request);
      if (stale(request, book)) return request.reject(412, 'The book was changed since you read it.');
      return book ? Object.assign(book, request.data, { modifiedAt: new Date(Date.parse(String(book.modifiedAt)) + 1000).toISOString() }) : request.reject(404);
    });
    this.on('DELETE', 'Books', (request) => {
      if (stale(request, found(request))) return request.reject(412, 'The book was changed since you read it.');
      return books.delete(Number(request.data.ID)) ? undefined : request.reject(404);
    });
    this.on('order', 'Books', (request) => Number(request.data.quantity));
    this.on('READ', 'Authors', () => [{ ID: '01234567-89ab-cdef-0123-456789abcdef', name: 'Emily Brontë' }]);
  }).in(app);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/odata/v4/catalog`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}
