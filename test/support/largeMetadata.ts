// A large real-world CSDL document shipped by a package on the npm registry: Microsoft Dataverse's $metadata
// (866 entity types, 835 entity sets, 862 actions and functions, 8.5 MB), which the dataverse-gen package ships
// as test data. It is used from node_modules as it is; nothing is copied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LARGE_METADATA_PATH = join(__dirname, '..', '..', 'node_modules', 'dataverse-gen', 'src', '__tests__', 'data', 'edmx.xml');

/** The document's text. */
export function largeMetadataText(): string {
  return readFileSync(LARGE_METADATA_PATH, 'utf8');
}

/** The Dataverse Web API's service root, as a connector's baseUrl would name it. */
export const DATAVERSE_BASE = 'https://contoso.crm.dynamics.com/api/data/v9.2';

/**
 * A $metadata document shaped like a large IFS Cloud projection, of at least `bytes` (1 MB is Microsoft Graph's size):
 * entity sets of 24 properties each with descriptions, compound keys of strings, dates and enumerations,
 * optimistic concurrency, computed and immutable properties, a read-only set in every five, two bound actions and a
 * bound function per type, and a function import per ten sets. The same size gives the same text.
 */
export function projectionMetadata(bytes: number): string {
  const ns = 'IfsApp.LargeProjection';
  const types: string[] = [];
  const sets: string[] = [];
  const operations: string[] = [];
  // The document around the declarations, with a line break after each of them.
  const frame = (): number => 760 + [types, sets, operations].reduce((n, list) => n + list.reduce((m, item) => m + item.length + 1, 0), 0);
  for (let i = 0; frame() < bytes; i++) {
    const name = `Entity${i}`;
    const properties = [
      `<Property Name="Company" Type="Edm.String" Nullable="false" MaxLength="20"><Annotation Term="Core.Description" String="The company of the ${name}."/><Annotation Term="Core.Immutable"/></Property>`,
      `<Property Name="ObjectNo" Type="Edm.Int32" Nullable="false"/>`,
      `<Property Name="ValidFrom" Type="Edm.Date" Nullable="false"/>`,
      `<Property Name="Objstate" Type="${ns}.State${i % 7}" Nullable="false"/>`,
      `<Property Name="Objid" Type="Edm.String"><Annotation Term="Core.Computed"/></Property>`,
      `<Property Name="Objversion" Type="Edm.String"><Annotation Term="Core.Computed"/></Property>`,
    ];
    for (let p = 0; p < 18; p++) {
      const type = ['Edm.String', 'Edm.Decimal', 'Edm.DateTimeOffset', 'Edm.Boolean', 'Edm.Int64', 'Edm.Guid'][p % 6] ?? 'Edm.String';
      properties.push(`<Property Name="Attribute${p}" Type="${type}"${p % 5 === 0 ? ' Nullable="false"' : ''}${type === 'Edm.String' ? ' MaxLength="100"' : ''}><Annotation Term="Core.Description" String="Attribute ${p} of ${name}, as the projection describes it."/></Property>`);
    }
    types.push(`<EntityType Name="${name}"><Key><PropertyRef Name="Company"/><PropertyRef Name="ObjectNo"/><PropertyRef Name="ValidFrom"/></Key>${properties.join('')}<NavigationProperty Name="Previous" Type="${ns}.${name}"/></EntityType>`);
    if (i < 7) types.push(`<EnumType Name="State${i}"><Member Name="Planned" Value="0"/><Member Name="Released" Value="1"/><Member Name="Closed" Value="2"/></EnumType>`);
    const readOnly = i % 5 === 4 ? `<Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation><Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>` : '';
    sets.push(`<EntitySet Name="${name}Set" EntityType="${ns}.${name}"><Annotation Term="Core.OptimisticConcurrency"><Collection><PropertyPath>Objversion</PropertyPath></Collection></Annotation>${readOnly}</EntitySet>`);
    operations.push(
      `<Action Name="${name}_Release" IsBound="true"><Parameter Name="it" Type="${ns}.${name}" Nullable="false"/><Parameter Name="Reason" Type="Edm.String"/><ReturnType Type="${ns}.${name}"/></Action>`,
      `<Action Name="${name}_Close" IsBound="true"><Parameter Name="it" Type="${ns}.${name}" Nullable="false"/></Action>`,
      `<Function Name="${name}_Total" IsBound="true"><Parameter Name="it" Type="${ns}.${name}" Nullable="false"/><Parameter Name="Until" Type="Edm.Date" Nullable="false"/><ReturnType Type="Edm.Decimal"/></Function>`,
    );
    if (i % 10 === 0) {
      operations.push(`<Function Name="Lookup${i}"><Parameter Name="Company" Type="Edm.String" Nullable="false"/><Parameter Name="Search" Type="Edm.String"/><ReturnType Type="Collection(${ns}.${name})"/></Function>`);
      sets.push(`<FunctionImport Name="Lookup${i}" Function="${ns}.Lookup${i}" EntitySet="${name}Set"/>`);
    }
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml"><edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/></edmx:Reference>
<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml"><edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/></edmx:Reference>
<edmx:DataServices><Schema Namespace="${ns}" xmlns="http://docs.oasis-open.org/odata/ns/edm">
${types.join('\n')}
${operations.join('\n')}
<EntityContainer Name="Main">
${sets.join('\n')}
</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>
`;
}

const IFS_NS = 'IfsApp.LargeOrderHandling';
/** Key parts an IFS entity's key is made of, two to four of them. */
const IFS_KEYS = [
  `<Property Name="Company" Type="Edm.String" Nullable="false" MaxLength="20"><Annotation Term="Org.OData.Core.V1.Immutable" Bool="true"/></Property>`,
  `<Property Name="OrderNo" Type="Edm.String" Nullable="false" MaxLength="12"><Annotation Term="Org.OData.Core.V1.Immutable" Bool="true"/></Property>`,
  `<Property Name="LineNo" Type="Edm.String" Nullable="false" MaxLength="4"/>`,
  `<Property Name="RelNo" Type="Edm.Int32" Nullable="false"/>`,
];
const IFS_TYPES = ['Edm.String', 'Edm.Decimal', 'Edm.Date', 'Edm.Boolean', 'Edm.Int32', 'Edm.DateTimeOffset', 'Edm.Double', 'Edm.Int64'];
const IFS_STATES = ['Planned', 'Released', 'Reserved', 'Picked', 'PartiallyDelivered', 'Delivered', 'Invoiced', 'Cancelled', 'Blocked', 'Closed', 'Stopped', 'Quoted'];

/**
 * A $metadata document shaped like an IFS Cloud projection, of at least `bytes`, as the service writes it: the entity
 * container first, then for each entity an enumeration of its states (one in three with more of them, one in ten a
 * flags enumeration), an entity type keyed by two to four of company, order, line and release numbers (the key parts
 * immutable), `luname`, `keyref`, `Objstate`, `Objgrants`, a computed `Objid` and `Objversion`, twenty attributes with
 * descriptions and facets, a reference to the previous entity and the lines array (with partners), a structure
 * every five entities, bound actions (one overloaded on the collection) and a bound function, an unbound function
 * and action with their imports every eight; in the container a set per entity with its bindings and, every four, a
 * read-only reference set; out-of-line, each set's ETag (optimistic concurrency on `Objversion`), the insert, update
 * and delete restrictions of reference sets and a computed default on one attribute per type. Names use the
 * namespace in full and, in places, the `Core` alias. The same size gives the same text.
 */
export function ifsProjectionMetadata(bytes: number): string {
  const container: string[] = [];
  const declarations: string[] = [];
  const annotations: string[] = [];
  let size = 1_200;
  const add = (list: string[], item: string): void => {
    list.push(item);
    size += item.length + 1;
  };
  for (let i = 0; size < bytes; i++) {
    const name = `CustomerOrderLine${i}`;
    const qualified = `${IFS_NS}.${name}`;
    const keyCount = 2 + (i % 3);
    const members = IFS_STATES.slice(0, i % 3 === 0 ? IFS_STATES.length : 3 + (i % 5));
    const flags = i % 10 === 9;
    add(declarations, `<EnumType Name="${name}State"${flags ? ' IsFlags="true"' : ''}>${members.map((m, v) => `<Member Name="${m}" Value="${flags ? 2 ** v : v + 1}"/>`).join('')}</EnumType>`);
    const properties = [
      ...IFS_KEYS.slice(0, keyCount),
      `<Property Name="luname" Type="Edm.String"/>`,
      `<Property Name="keyref" Type="Edm.String"/>`,
      `<Property Name="Objstate" Type="${IFS_NS}.${name}State"${flags ? '' : ' Nullable="false"'}/>`,
      `<Property Name="Objgrants" Type="Edm.String"/>`,
      `<Property Name="Objid" Type="Edm.String"><Annotation Term="Core.Computed"/></Property>`,
      `<Property Name="Objversion" Type="Edm.String"><Annotation Term="Org.OData.Core.V1.Computed" Bool="true"/></Property>`,
    ];
    for (let p = 0; p < 20; p++) {
      const type = IFS_TYPES[(p + i) % IFS_TYPES.length] ?? 'Edm.String';
      const facets = type === 'Edm.String' ? ` MaxLength="${50 * (1 + (p % 4))}"` : type === 'Edm.Decimal' ? ' Precision="18" Scale="4"' : '';
      properties.push(`<Property Name="Attribute${p}" Type="${type}"${p % 6 === 0 ? ' Nullable="false"' : ''}${facets}><Annotation Term="Org.OData.Core.V1.Description" String="Attribute ${p} of the ${name} &amp; its &quot;state&quot;."/></Property>`);
    }
    const previous = i > 0 ? `<NavigationProperty Name="PreviousRef" Type="${IFS_NS}.CustomerOrderLine${i - 1}" Partner="NextArray"/>` : '';
    const next = `<NavigationProperty Name="NextArray" Type="Collection(${qualified})"${i > 0 ? '' : ' ContainsTarget="true"'}/>`;
    const key = IFS_KEYS.slice(0, keyCount).map((k) => `<PropertyRef Name="${/Name="(\w+)"/.exec(k)?.[1] ?? ''}"/>`).join('');
    add(declarations, `<EntityType Name="${name}"><Key>${key}</Key>${properties.join('')}${previous}${next}</EntityType>`);
    if (i % 5 === 0) add(declarations, `<ComplexType Name="${name}Structure"><Property Name="Company" Type="Edm.String"/><Property Name="Quantity" Type="Edm.Decimal" Precision="18" Scale="4"/><Property Name="Wanted" Type="Edm.Date"/></ComplexType>`);
    add(declarations, `<Action Name="${name}_Release" IsBound="true" EntitySetPath="it"><Parameter Name="it" Type="${qualified}" Nullable="false"/><Parameter Name="Reason" Type="Edm.String" MaxLength="2000"/><ReturnType Type="${qualified}"/></Action>`);
    add(declarations, `<Action Name="${name}_Cancel" IsBound="true"><Parameter Name="it" Type="${qualified}" Nullable="false"/><Parameter Name="Note" Type="Edm.String"><Annotation Term="Core.Description" String="Why the line is cancelled."/></Parameter></Action>`);
    add(declarations, `<Action Name="${name}_Cancel" IsBound="true"><Parameter Name="it" Type="Collection(${qualified})" Nullable="false"/></Action>`);
    add(declarations, `<Function Name="${name}_Total" IsBound="true"><Parameter Name="it" Type="${qualified}" Nullable="false"/><Parameter Name="Until" Type="Edm.Date" Nullable="false"/><ReturnType Type="Edm.Decimal" Nullable="false"/></Function>`);
    const bindings = `${i > 0 ? `<NavigationPropertyBinding Path="PreviousRef" Target="CustomerOrderLine${i - 1}Set"/>` : ''}<NavigationPropertyBinding Path="NextArray" Target="${name}Set"/>`;
    add(container, `<EntitySet Name="${name}Set" EntityType="${qualified}">${bindings}</EntitySet>`);
    add(annotations, `<Annotations Target="${IFS_NS}.Main/${name}Set"><Annotation Term="Org.OData.Core.V1.OptimisticConcurrency"><Collection><PropertyPath>Objversion</PropertyPath></Collection></Annotation></Annotations>`);
    add(annotations, `<Annotations Target="${qualified}/Attribute1"><Annotation Term="Org.OData.Core.V1.ComputedDefaultValue" Bool="true"/></Annotations>`);
    if (i % 4 === 0) {
      add(container, `<EntitySet Name="Reference_${name}" EntityType="${qualified}"/>`);
      const restrictions = [['Insert', 'Insertable'], ['Update', 'Updatable'], ['Delete', 'Deletable']].map(([r, flag]) => `<Annotation Term="Org.OData.Capabilities.V1.${r}Restrictions"><Record><PropertyValue Property="${flag}" Bool="false"/></Record></Annotation>`).join('');
      add(annotations, `<Annotations Target="${IFS_NS}.Main/Reference_${name}">${restrictions}</Annotations>`);
    }
    if (i % 8 === 0) {
      add(declarations, `<Function Name="Lookup${i}"><Parameter Name="Company" Type="Edm.String" Nullable="false"/><Parameter Name="Search" Type="Edm.String"/><ReturnType Type="Collection(${qualified})"/></Function>`);
      add(declarations, `<Action Name="Recalculate${i}"><Parameter Name="Input" Type="${IFS_NS}.CustomerOrderLine${i - (i % 5)}Structure"/><ReturnType Type="${IFS_NS}.CustomerOrderLine${i - (i % 5)}Structure"/></Action>`);
      add(container, `<FunctionImport Name="Lookup${i}" Function="${IFS_NS}.Lookup${i}" EntitySet="${name}Set"/>`);
      add(container, `<ActionImport Name="Recalculate${i}" Action="${IFS_NS}.Recalculate${i}"/>`);
    }
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml"><edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/></edmx:Reference>
<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml"><edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/></edmx:Reference>
<edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${IFS_NS}">
<EntityContainer Name="Main">
${container.join('\n')}
</EntityContainer>
${declarations.join('\n')}
${annotations.join('\n')}
</Schema>
</edmx:DataServices>
</edmx:Edmx>
`;
}

/**
 * A connector with `requests` Custom requests against ifsProjectionMetadata's service (every document of 1 MB or more
 * has the entities they name): reads of an entity by its compound key with $select and of a set with $filter, updates with the
 * ETag, bound actions and functions, imports. `metadata` is the file it names, or none for the same connector unchecked.
 */
export function ifsProjectionConnector(requests: number, metadata: string | undefined): string {
  const keyParts = ["Company='10'", "OrderNo='C1001'", "LineNo='1'", 'RelNo=1'];
  const list: string[] = [];
  for (let r = 0; r < requests; r++) {
    const i = r % 50;
    const set = `CustomerOrderLine${i}Set(${keyParts.slice(0, 2 + (i % 3)).join(',')})`;
    switch (r % 5) {
      case 0: list.push(`{ "id": "read${r}", "operation": "read", "url": "${set}", "query": { "$select": "Objstate,Attribute0,Attribute1" } }`); break;
      case 1: list.push(`{ "id": "update${r}", "operation": "update", "url": "${set}", "headers": { "If-Match": "{{etag}}" }, "body": "{ \\"Attribute1\\": null }" }`); break;
      case 2: list.push(`{ "id": "release${r}", "operation": "action", "url": "${set}/${IFS_NS}.CustomerOrderLine${i}_Release", "headers": { "If-Match": "{{etag}}" }, "body": "{ \\"Reason\\": \\"bench\\" }" }`); break;
      case 3: list.push(`{ "id": "list${r}", "operation": "read", "url": "CustomerOrderLine${i}Set", "query": { "$filter": "Company eq '10'", "$top": 10, "$orderby": "OrderNo desc" } }`); break;
      default: list.push(`{ "id": "lines${r}", "operation": "read", "url": "${set}/NextArray", "query": { "$select": "Objid,Objversion" } }`);
    }
  }
  return `{
  "kind": "odata",
  "name": "IFS order lines",
  "baseUrl": "https://ifs.example.com/main/ifsapplications/projection/v1/LargeOrderHandling.svc",
  "connectorVersion": "2.1.17",${metadata ? `\n  "metadata": ${JSON.stringify(metadata)},` : ''}
  "customRequests": [
    ${list.join(',\n    ')}
  ]
}
`;
}
