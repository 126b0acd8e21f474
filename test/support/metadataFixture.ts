// A service's $metadata for rule tables: keys of several types, a compound key, navigation (contained and bound),
// a derived type, complex and enum types, bound and unbound operations, and the annotations the checks read.
import { readCsdlXml } from '../../server/src/core/metadata/readXml';
import type { ServiceMetadata } from '../../server/src/core/metadata/model';
import type { MetadataSource } from '../../server/src/core/metadata/source';
import type { LintOptions } from '../../server/src/core/lint';
import { odataConnector } from './connectorText';

export const FIXTURE_XML = `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">
    <edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>
  </edmx:Reference>
  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
    <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/>
  </edmx:Reference>
  <edmx:DataServices>
    <Schema Namespace="Shop.Sales" Alias="S" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EnumType Name="Status"><Member Name="Planned"/><Member Name="Released"/><Member Name="Closed"/></EnumType>
      <ComplexType Name="Address"><Property Name="Street" Type="Edm.String"/><Property Name="City" Type="Edm.String" Nullable="false"/></ComplexType>
      <EntityType Name="Order">
        <Key><PropertyRef Name="OrderNo"/></Key>
        <Property Name="OrderNo" Type="Edm.String" Nullable="false"><Annotation Term="Core.Immutable"/><Annotation Term="Core.Description" String="The order number."/></Property>
        <Property Name="CustomerNo" Type="Edm.String" Nullable="false"/>
        <Property Name="Status" Type="S.Status" Nullable="false" DefaultValue="Planned"/>
        <Property Name="OrderDate" Type="Edm.DateTimeOffset"><Annotation Term="Core.Computed"/></Property>
        <Property Name="ChangedBy" Type="Edm.String"><Annotation Term="Core.Permissions" EnumMember="Core.Permission/Read"/></Property>
        <Property Name="Amount" Type="Edm.Decimal"/>
        <Property Name="Quantity" Type="Edm.Int32"/>
        <Property Name="Due" Type="Edm.Date"/>
        <Property Name="Ref" Type="Edm.Guid"/>
        <Property Name="Urgent" Type="Edm.Boolean"/>
        <Property Name="Address" Type="S.Address"/>
        <Property Name="Tags" Type="Collection(Edm.String)"/>
        <NavigationProperty Name="Lines" Type="Collection(S.Line)" ContainsTarget="true"/>
        <NavigationProperty Name="Customer" Type="S.Customer"/>
      </EntityType>
      <EntityType Name="SpecialOrder" BaseType="S.Order"><Property Name="Priority" Type="Edm.Int32"/></EntityType>
      <EntityType Name="Line">
        <Key><PropertyRef Name="OrderNo"/><PropertyRef Name="LineNo"/></Key>
        <Property Name="OrderNo" Type="Edm.String" Nullable="false"/>
        <Property Name="LineNo" Type="Edm.Int32" Nullable="false"/>
        <Property Name="PartNo" Type="Edm.String"/>
      </EntityType>
      <EntityType Name="Customer">
        <Key><PropertyRef Name="CustomerId"/></Key>
        <Property Name="CustomerId" Type="Edm.Guid" Nullable="false"><Annotation Term="Core.Computed"/></Property>
        <Property Name="Name" Type="Edm.String" Nullable="false"/>
        <NavigationProperty Name="Orders" Type="Collection(S.Order)"/>
      </EntityType>
      <EntityType Name="Document" HasStream="true">
        <Key><PropertyRef Name="DocNo"/></Key>
        <Property Name="DocNo" Type="Edm.String" Nullable="false"/>
        <Property Name="File" Type="Edm.Stream"/>
      </EntityType>
      <Action Name="Release" IsBound="true"><Parameter Name="it" Type="S.Order" Nullable="false"/><Parameter Name="Reason" Type="Edm.String" Nullable="false"/><Parameter Name="Notify" Type="Edm.Boolean"/></Action>
      <Function Name="Total" IsBound="true"><Parameter Name="it" Type="S.Order" Nullable="false"/><ReturnType Type="Edm.Decimal"/></Function>
      <Function Name="TopOrders" IsComposable="true"><Parameter Name="Count" Type="Edm.Int32" Nullable="false"/><ReturnType Type="Collection(S.Order)"/></Function>
      <Function Name="Report"><ReturnType Type="Edm.Stream"/></Function>
      <Action Name="ResetAll"/>
      <EntityContainer Name="Container">
        <EntitySet Name="Orders" EntityType="S.Order">
          <NavigationPropertyBinding Path="Customer" Target="Customers"/>
          <Annotation Term="Core.OptimisticConcurrency"><Collection><PropertyPath>OrderDate</PropertyPath></Collection></Annotation>
        </EntitySet>
        <EntitySet Name="Customers" EntityType="S.Customer"><NavigationPropertyBinding Path="Orders" Target="Orders"/></EntitySet>
        <EntitySet Name="Documents" EntityType="S.Document">
          <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
          <Annotation Term="Capabilities.UpdateRestrictions"><Record><PropertyValue Property="Updatable" Bool="false"/></Record></Annotation>
          <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
        </EntitySet>
        <Singleton Name="Me" Type="S.Customer"/>
        <FunctionImport Name="TopOrders" Function="S.TopOrders" EntitySet="Orders"/>
        <FunctionImport Name="Report" Function="S.Report"/>
        <ActionImport Name="ResetAll" Action="S.ResetAll"/>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>
`;

/** The service of a CSDL XML document (the fixture, or a variant of it). */
export function readService(xml: string): ServiceMetadata {
  const outcome = readCsdlXml(xml);
  if (!outcome.ok) throw new Error(`the fixture is not readable: ${outcome.problem.message}`);
  return outcome.service;
}

/** The fixture's service. */
export const FIXTURE_SERVICE = readService(FIXTURE_XML);

/** A metadata source that always answers the fixture (what the edge would read from "shop.metadata.xml"). */
export function fixtureSource(service: ServiceMetadata = FIXTURE_SERVICE): MetadataSource {
  return { generation: 0, load: () => ({ ok: true, service, path: '/virtual/shop.metadata.xml' }) };
}

/** Lint options with the fixture as the connector's metadata. */
export const WITH_METADATA: LintOptions = { metadata: fixtureSource() };

/** An OData connector naming the fixture as its metadata, around Custom request objects (JSON text). */
export function shopConnector(requests: string[]): string {
  return odataConnector(requests, '"connectorVersion": "2.1.17",\n  "metadata": "shop.metadata.xml"');
}

/** One Custom request as JSON text: kind, url and any further properties (JSON text without braces). */
export function customRequest(operation: string, url: string, extra = ''): string {
  return `{ "id": "r", "operation": "${operation}", "url": ${JSON.stringify(url)}${extra ? `, ${extra}` : ''} }`;
}
