// The demo OData V4 service that examples/ifs-orders.connector.json points at, shaped like an IFS Cloud projection:
// service document, $metadata, query options, metadata levels, ETags with If-Match, a bound action and function,
// OData error bodies, and a binary $value download (which Custom request cannot use). It signs in like an IFS
// Cloud projection: a bearer token from the realm's token endpoint (OAuth2 client credentials); the older basic
// sign-in with a user name and password still works.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson, type RunningService } from './http';
import { FilterError, parseFilter } from './odataFilter';

export const ODATA_USER = 'workflow';
/** The password the demo accepts (set it as the secret 'ifs'). */
export const ODATA_PASSWORD = 'demo';
const BASE_PATH = '/odata/v4/orders';
const NAMESPACE = 'IfsApp.CustomerOrderHandling';

type Row = Record<string, unknown>;
interface Entity { row: Row; version: number }
type MetadataLevel = 'full' | 'minimal' | 'none';

const ORDER_PROPERTIES = ['OrderNo', 'CustomerNo', 'Status', 'OrderDate', 'TotalAmount'];

function seed(): Map<string, Entity> {
  const orders: Row[] = [
    { OrderNo: 'A-1', CustomerNo: 'C100', Status: 'Released', OrderDate: '2026-11-01T09:00:00Z', TotalAmount: 1250.5 },
    { OrderNo: 'A-2', CustomerNo: 'C100', Status: 'Planned', OrderDate: '2026-11-03T10:30:00Z', TotalAmount: 80 },
    { OrderNo: 'A-3', CustomerNo: 'C200', Status: 'Released', OrderDate: '2026-11-05T14:15:00Z', TotalAmount: 310.25 },
  ];
  return new Map(orders.map((row) => [row.OrderNo as string, { row, version: 1 }]));
}

const LINES: Row[] = [
  { OrderNo: 'A-1', LineNo: 1, PartNo: 'P-10', Quantity: 5 },
  { OrderNo: 'A-1', LineNo: 2, PartNo: 'P-20', Quantity: 1 },
  { OrderNo: 'A-3', LineNo: 1, PartNo: 'P-10', Quantity: 2 },
];

// The service's $metadata: entity sets, keys, navigation, the bound action and function, and the annotations the
// editor's checks read (optimistic concurrency on Orders, computed and immutable properties, descriptions,
// read-only Documents with a media stream).
export const METADATA_XML = `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">
    <edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>
  </edmx:Reference>
  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
    <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/>
  </edmx:Reference>
  <edmx:DataServices>
    <Schema Namespace="${NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EnumType Name="OrderStatus">
        <Member Name="Planned" Value="0"/>
        <Member Name="Released" Value="1"/>
        <Member Name="Closed" Value="2"/>
      </EnumType>
      <EntityType Name="CustomerOrder">
        <Key><PropertyRef Name="OrderNo"/></Key>
        <Property Name="OrderNo" Type="Edm.String" Nullable="false" MaxLength="12">
          <Annotation Term="Core.Description" String="The order number, chosen when the order is created."/>
          <Annotation Term="Core.Immutable"/>
        </Property>
        <Property Name="CustomerNo" Type="Edm.String" Nullable="false" MaxLength="20">
          <Annotation Term="Core.Description" String="The customer who placed the order."/>
        </Property>
        <Property Name="Status" Type="${NAMESPACE}.OrderStatus" Nullable="false" DefaultValue="Planned"/>
        <Property Name="OrderDate" Type="Edm.DateTimeOffset">
          <Annotation Term="Core.Computed"/>
          <Annotation Term="Core.Description" String="When the order was created; set by the service."/>
        </Property>
        <Property Name="TotalAmount" Type="Edm.Decimal" Precision="12" Scale="2">
          <Annotation Term="Core.Computed"/>
        </Property>
        <NavigationProperty Name="Lines" Type="Collection(${NAMESPACE}.CustomerOrderLine)" ContainsTarget="true"/>
      </EntityType>
      <EntityType Name="CustomerOrderLine">
        <Key><PropertyRef Name="OrderNo"/><PropertyRef Name="LineNo"/></Key>
        <Property Name="OrderNo" Type="Edm.String" Nullable="false"/>
        <Property Name="LineNo" Type="Edm.Int32" Nullable="false"/>
        <Property Name="PartNo" Type="Edm.String"/>
        <Property Name="Quantity" Type="Edm.Decimal"/>
      </EntityType>
      <EntityType Name="Document" HasStream="true">
        <Key><PropertyRef Name="DocNo"/></Key>
        <Property Name="DocNo" Type="Edm.String" Nullable="false"/>
        <Property Name="Title" Type="Edm.String"/>
        <Property Name="FileData" Type="Edm.Stream"/>
      </EntityType>
      <Action Name="CustomerOrder_Release" IsBound="true">
        <Parameter Name="it" Type="${NAMESPACE}.CustomerOrder" Nullable="false"/>
      </Action>
      <Function Name="CustomerOrder_TotalAmount" IsBound="true">
        <Parameter Name="it" Type="${NAMESPACE}.CustomerOrder" Nullable="false"/>
        <ReturnType Type="Edm.Decimal"/>
      </Function>
      <EntityContainer Name="Container">
        <EntitySet Name="Orders" EntityType="${NAMESPACE}.CustomerOrder">
          <Annotation Term="Core.OptimisticConcurrency">
            <Collection><PropertyPath>OrderDate</PropertyPath></Collection>
          </Annotation>
        </EntitySet>
        <EntitySet Name="Documents" EntityType="${NAMESPACE}.Document">
          <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
          <Annotation Term="Capabilities.UpdateRestrictions"><Record><PropertyValue Property="Updatable" Bool="false"/></Record></Annotation>
          <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
        </EntitySet>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>
`;

function odataError(response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { error: { code, message } }, { 'OData-Version': '4.0', ...headers });
}

function metadataLevelOf(request: IncomingMessage): MetadataLevel {
  const level = /odata\.metadata=(full|minimal|none)/.exec(request.headers.accept ?? '')?.[1];
  return (level as MetadataLevel | undefined) ?? 'minimal';
}

function etagOf(entity: Entity): string {
  return `W/"${entity.row.OrderNo as string}-${entity.version}"`;
}

function keyOf(segment: string): string | undefined {
  const match = /^\('((?:[^']|'')*)'\)$/.exec(segment);
  return match?.[1]?.replace(/''/g, "'");
}

/** Checks a bearer token: issued by the token endpoint the service trusts, unexpired. */
export type TokenVerifier = (token: string) => Promise<boolean>;

async function authorized(request: IncomingMessage, verifyToken: TokenVerifier | undefined): Promise<boolean> {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return verifyToken ? verifyToken(header.slice(7)) : false;
  return header === `Basic ${Buffer.from(`${ODATA_USER}:${ODATA_PASSWORD}`).toString('base64')}`;
}

function annotate(entity: Entity, level: MetadataLevel, service: string, select: string[] | undefined, expandLines: boolean): Row {
  const key = `Orders('${(entity.row.OrderNo as string).replace(/'/g, "''")}')`;
  const out: Row = {};
  if (level === 'full') {
    out['@odata.type'] = `#${NAMESPACE}.CustomerOrder`;
    out['@odata.id'] = `${service}/${key}`;
    out['@odata.editLink'] = key;
  }
  if (level !== 'none') out['@odata.etag'] = etagOf(entity);
  for (const name of select ?? ORDER_PROPERTIES) {
    if (name in entity.row) out[name] = entity.row[name];
  }
  if (expandLines) out.Lines = LINES.filter((l) => l.OrderNo === entity.row.OrderNo);
  return out;
}

/**
 * Starts the OData service on 127.0.0.1 (`port` 0 picks a free port); its base URL ends in /odata/v4/orders. With
 * `verifyToken` it accepts bearer tokens that the verifier trusts (the demo's token endpoint).
 */
export function startOrdersOData(port = 0, options: { verifyToken?: TokenVerifier } = {}): Promise<RunningService> {
  const orders = seed();
  return listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const service = `http://${request.headers.host ?? '127.0.0.1'}${BASE_PATH}`;
    if (!url.pathname.startsWith(BASE_PATH)) {
      odataError(response, 404, 'NOT_FOUND', `This demo serves ${BASE_PATH} only.`);
      return;
    }
    if (!(await authorized(request, options.verifyToken))) {
      const signIn = options.verifyToken
        ? "Sign in with a token from the demo's token endpoint (client credentials: client 'workflow', the connector's secret 'ifs')"
        : `Log in with user '${ODATA_USER}'; set the connector's secret 'ifs' to '${ODATA_PASSWORD}'`;
      odataError(response, 401, 'UNAUTHORIZED', `${signIn}.`, { 'WWW-Authenticate': options.verifyToken ? 'Bearer realm="demo"' : 'Basic realm="demo"' });
      return;
    }
    const path = decodeURIComponent(url.pathname.slice(BASE_PATH.length)).replace(/^\//, '');
    const level = metadataLevelOf(request);
    const context = (fragment: string): Row => (level === 'none' ? {} : { '@odata.context': `${service}/$metadata#${fragment}` });
    const select = url.searchParams.get('$select')?.split(',').map((s) => s.trim());
    const expandLines = url.searchParams.get('$expand') === 'Lines';
    const method = request.method ?? 'GET';

    if (path === '' && method === 'GET') {
      sendJson(response, 200, { ...context(''), value: [{ name: 'Orders', kind: 'EntitySet', url: 'Orders' }, { name: 'Documents', kind: 'EntitySet', url: 'Documents' }] });
      return;
    }
    if (path === '$metadata') {
      response.writeHead(200, { 'Content-Type': 'application/xml', 'OData-Version': '4.0' });
      response.end(METADATA_XML);
      return;
    }
    if (path === 'Orders' && method === 'GET') {
      let rows = [...orders.values()];
      const filter = url.searchParams.get('$filter');
      if (filter) {
        try {
          const predicate = parseFilter(filter);
          rows = rows.filter((e) => predicate(e.row));
        } catch (error) {
          if (error instanceof FilterError) return odataError(response, 400, 'INVALID_FILTER', error.message);
          throw error;
        }
      }
      const orderBy = url.searchParams.get('$orderby')?.split(' ');
      if (orderBy?.[0]) {
        const [name, direction] = orderBy;
        rows.sort((a, b) => String(a.row[name] ?? '').localeCompare(String(b.row[name] ?? ''), 'en', { numeric: true }) * (direction === 'desc' ? -1 : 1));
      }
      const count = rows.length;
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      const top = Number(url.searchParams.get('$top') ?? rows.length);
      if (!Number.isInteger(skip) || !Number.isInteger(top) || skip < 0 || top < 0) {
        return odataError(response, 400, 'INVALID_QUERY', '$top and $skip take whole numbers of zero or more.');
      }
      // Server-driven paging when the client asks for it (Prefer: odata.maxpagesize=N): each page links the next
      // with a $skiptoken, the row where it starts.
      const end = Math.min(rows.length, skip + top);
      const token = url.searchParams.get('$skiptoken');
      const from = token === null ? skip : Number(token);
      if (!Number.isInteger(from) || from < skip || from > end) return odataError(response, 400, 'INVALID_SKIPTOKEN', `The $skiptoken '${token ?? ''}' is not one this service gave.`);
      const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 0);
      const until = pageSize > 0 ? Math.min(end, from + pageSize) : end;
      const value = rows.slice(from, until).map((e) => annotate(e, level, service, select, expandLines));
      const next = new URLSearchParams(url.searchParams);
      next.set('$skiptoken', String(until));
      sendJson(response, 200, {
        ...context('Orders'),
        ...(url.searchParams.get('$count') === 'true' ? { '@odata.count': count } : {}),
        value,
        ...(until < end ? { '@odata.nextLink': `${service}/Orders?${next.toString()}` } : {}),
      }, pageSize > 0 ? { 'Preference-Applied': `odata.maxpagesize=${pageSize}` } : {});
      return;
    }
    if (path === 'Orders' && method === 'POST') {
      const body = await readBody(request);
      let row: Row;
      try {
        row = JSON.parse(body?.toString('utf8') ?? '') as Row;
      } catch (error) {
        return odataError(response, 400, 'INVALID_BODY', `The request body is not valid JSON: ${(error as Error).message}`);
      }
      if (typeof row.OrderNo !== 'string' || row.OrderNo === '') return odataError(response, 400, 'MISSING_KEY', "A customer order needs 'OrderNo' (a string).");
      if (orders.has(row.OrderNo)) return odataError(response, 409, 'DUPLICATE_KEY', `Order '${row.OrderNo}' already exists.`);
      const unknown = Object.keys(row).filter((k) => !ORDER_PROPERTIES.includes(k));
      if (unknown.length > 0) return odataError(response, 400, 'UNKNOWN_PROPERTY', `Unknown properties: ${unknown.join(', ')}.`);
      const entity: Entity = { row: { Status: 'Planned', OrderDate: new Date().toISOString(), TotalAmount: 0, ...row }, version: 1 };
      orders.set(row.OrderNo, entity);
      sendJson(response, 201, { ...context('Orders/$entity'), ...annotate(entity, level, service, undefined, false) }, {
        Location: `${service}/Orders('${row.OrderNo}')`,
        ETag: etagOf(entity),
        'OData-Version': '4.0',
      });
      return;
    }
    const orderPath = /^Orders(\('(?:[^']|'')*'\))(?:\/(.*))?$/.exec(path);
    if (orderPath) {
      const key = keyOf(orderPath[1] ?? '');
      const entity = key === undefined ? undefined : orders.get(key);
      if (!entity) return odataError(response, 404, 'NOT_FOUND', `No customer order with OrderNo '${key ?? ''}'.`);
      const rest = orderPath[2];
      if (rest === undefined && method === 'GET') {
        sendJson(response, 200, { ...context('Orders/$entity'), ...annotate(entity, level, service, select, expandLines) }, { ETag: etagOf(entity) });
        return;
      }
      if (rest === 'Lines' && method === 'GET') {
        sendJson(response, 200, { ...context('Orders/Lines'), value: LINES.filter((l) => l.OrderNo === key) });
        return;
      }
      if (rest === `${NAMESPACE}.CustomerOrder_TotalAmount()` && method === 'GET') {
        sendJson(response, 200, { ...context('Edm.Decimal'), value: entity.row.TotalAmount });
        return;
      }
      const ifMatch = request.headers['if-match'];
      const modifies = rest === undefined ? ['PATCH', 'PUT', 'DELETE'].includes(method) : rest === `${NAMESPACE}.CustomerOrder_Release` && method === 'POST';
      if (!modifies) return odataError(response, 405, 'NOT_SUPPORTED', `${method} is not supported on ${path}.`);
      if (!ifMatch) return odataError(response, 428, 'ETAG_REQUIRED', "Send an 'If-Match' header with the order's ETag (read it with metadata level minimal or full).");
      if (ifMatch !== '*' && ifMatch !== etagOf(entity)) return odataError(response, 412, 'ETAG_MISMATCH', 'The order was changed since you read it; read it again for the current ETag.');
      if (method === 'DELETE') {
        orders.delete(entity.row.OrderNo as string);
        response.writeHead(204).end();
        return;
      }
      if (rest !== undefined) {
        entity.row.Status = 'Released';
        entity.version++;
        response.writeHead(204, { ETag: etagOf(entity) }).end();
        return;
      }
      const body = await readBody(request);
      let changes: Row;
      try {
        changes = JSON.parse(body?.toString('utf8') ?? '') as Row;
      } catch (error) {
        return odataError(response, 400, 'INVALID_BODY', `The request body is not valid JSON: ${(error as Error).message}`);
      }
      entity.row = method === 'PUT' ? { OrderNo: entity.row.OrderNo, ...changes } : { ...entity.row, ...changes, OrderNo: entity.row.OrderNo };
      entity.version++;
      sendJson(response, 200, { ...context('Orders/$entity'), ...annotate(entity, level, service, undefined, false) }, { ETag: etagOf(entity) });
      return;
    }
    const document = /^Documents\('([^']*)'\)(\/FileData\/\$value)?$/.exec(path);
    if (document && method === 'GET') {
      if (document[2]) {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        response.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff, 0xfe]));
        return;
      }
      sendJson(response, 200, { ...context('Documents/$entity'), DocNo: document[1], Title: 'Delivery note' });
      return;
    }
    odataError(response, 404, 'NOT_FOUND', `No resource at ${path}.`);
  }, port, BASE_PATH);
}
