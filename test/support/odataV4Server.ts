// A third-party OData V4 implementation (odata-v4-server from npm) serving customer orders in memory, so the
// engine is also checked against a service that we did not write ourselves.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Edm, ODataController, ODataServer, odata } from 'odata-v4-server';

type Decorator = (target: object, key: string) => void;

/** Applies property and method decorators without decorator syntax (the project does not enable it). */
function decorate(decorators: Decorator[], target: object, key: string): void {
  for (const decorator of [...decorators].reverse()) decorator(target, key);
}
const parameter = (decorator: (target: object, key: string, index: number) => void, index: number): Decorator => (target, key) => decorator(target, key, index);

interface OrderRow {
  OrderNo: string;
  CustomerNo: string;
  Status: string;
}

/** Starts the service on 127.0.0.1 (free port); its base URL is the service root. */
export async function startThirdPartyOData(): Promise<{ url: string; close(): Promise<void> }> {
  const rows: OrderRow[] = [
    { OrderNo: 'A-1', CustomerNo: 'C100', Status: 'Released' },
    { OrderNo: 'A-2', CustomerNo: 'C200', Status: 'Planned' },
  ];
  class Order {}
  decorate([Edm.Key as Decorator, Edm.String as Decorator], Order.prototype, 'OrderNo');
  decorate([Edm.String as Decorator], Order.prototype, 'CustomerNo');
  decorate([Edm.String as Decorator], Order.prototype, 'Status');
  class OrdersController extends ODataController {
    find(): OrderRow[] {
      return rows;
    }
    findOne(key: string): OrderRow | undefined {
      return rows.find((o) => o.OrderNo === key);
    }
    insert(body: OrderRow): OrderRow {
      rows.push({ ...body });
      return body;
    }
  }
  decorate([odata.GET as Decorator], OrdersController.prototype, 'find');
  decorate([odata.GET as Decorator, parameter(odata.key as (t: object, k: string, i: number) => void, 0)], OrdersController.prototype, 'findOne');
  decorate([odata.POST as Decorator, parameter(odata.body as (t: object, k: string, i: number) => void, 0)], OrdersController.prototype, 'insert');
  class OrdersService extends ODataServer {}
  odata.type(Order)(OrdersController);
  odata.namespace('Demo')(OrdersService);
  odata.controller(OrdersController, 'Orders')(OrdersService);
  const server = OrdersService.create(0) as unknown as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}
