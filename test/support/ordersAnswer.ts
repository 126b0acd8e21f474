// A long OData-style list of orders, as the result panel's benchmark and its end-to-end test receive it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How many orders the answer lists. */
export const ORDER_ROWS = 50_000;

/** A permutation of 0..ORDER_ROWS-1, so that sorting by a column really reorders the rows. */
function shuffled(i: number, step: number, offset: number): number {
  return (i * step + offset) % ORDER_ROWS;
}

/** Row i's order number and total, as the answer writes them. */
export function orderOf(i: number): { orderNo: string; total: string } {
  return { orderNo: `A-${100_000 + i}`, total: `${shuffled(i, 104_729, 777)}.50` };
}

/**
 * An OData-style answer of 50,000 orders (about 7 MB). Totals and amounts have two decimals (777.50), which only an
 * exact reader keeps, so the panel's exact numbers are part of what is shown.
 */
export function ordersAnswer(): string {
  const rows = Array.from({ length: ORDER_ROWS }, (_, i) =>
    `{"OrderNo":"${orderOf(i).orderNo}","Status":"${i % 3 ? 'Released' : 'Planned'}","Customer":"Customer ${shuffled(i, 7919, 12_345)}",` +
    `"Total":${orderOf(i).total},"Qty":${i % 97},"Date":"2024-03-01","Lines":[{"No":1,"Amount":3.70}]}`);
  return `{"@odata.context":"$metadata#Orders","value":[${rows.join(',')}]}`;
}

/**
 * A service on 127.0.0.1 answering every request with `answer()` (JSON), and a workspace folder whose
 * orders.connector.json lists it (operation listOrders, GET /orders).
 */
export async function ordersService(answer: () => string): Promise<{ server: Server; workspace: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const workspace = mkdtempSync(join(tmpdir(), 'connector-orders-'));
  writeFileSync(join(workspace, 'orders.connector.json'), JSON.stringify({
    kind: 'rest', name: 'Orders', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    operations: [{ id: 'listOrders', method: 'GET', path: '/orders', parameters: [] }],
  }, null, 2));
  return { server, workspace };
}
