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
