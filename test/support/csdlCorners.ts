// Hand-written CSDL XML documents that use the corners of the format: aliases declared late, several schemas and
// containers, every way of writing an annotation value. The readers' tests read them.

const EDMX = (schemas: string, head = ''): string => `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">${head}<edmx:DataServices>${schemas}</edmx:DataServices></edmx:Edmx>`;

export const CSDL_CORNERS: Record<string, string> = {
  'an alias declared by a later schema, used before it': EDMX(`
    <Schema Namespace="First" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EntityType Name="A" BaseType="L.Base"><Property Name="B" Type="L.Kind"><Annotation Term="Core.Description" String="b"/></Property></EntityType>
      <EntityContainer Name="C"><EntitySet Name="As" EntityType="First.A"/><Singleton Name="One" Type="L.Base"/></EntityContainer>
    </Schema>
    <Schema Namespace="Second.Later" Alias="L" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EntityType Name="Base" Abstract="true"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int64" Nullable="false"/></EntityType>
      <EnumType Name="Kind" UnderlyingType="Edm.Byte"><Member Name="X"/><Member Name="Y" Value="5"/><Member Name="Z"/></EnumType>
      <EntityContainer Name="Ignored"><EntitySet Name="Bases" EntityType="L.Base"/></EntityContainer>
    </Schema>`),
  'a schema whose namespace is a standard alias, and a reference after the data services': `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
    <Schema Namespace="N"><ComplexType Name="T" OpenType="true"><Property Name="P" Type="Core.Thing"><Annotation Term="Core.Computed"/><Annotation Term="Validation.Minimum" Int="3"/></Property></ComplexType></Schema>
    <Schema Namespace="Core"><TypeDefinition Name="Thing" UnderlyingType="Edm.String"><Annotation Term="Measures.Unit" String="kg"/></TypeDefinition></Schema>
    </edmx:DataServices><edmx:Reference Uri="x"><edmx:Include Namespace="Org.OData.Validation.V1" Alias="Validation"/></edmx:Reference></edmx:Edmx>`,
  'annotation values of every kind, as attributes and as elements': EDMX(`<Schema Namespace="V" Alias="v">
      <EnumType Name="Colour" IsFlags="true"><Member Name="Red" Value="1"/><Member Name="Blue" Value="2"/></EnumType>
      <EntityType Name="T"><Key><PropertyRef Name="Id"/><PropertyRef/></Key><Key><PropertyRef Name="Ignored"/></Key>
        <Property Name="Id" Type="Edm.Int32" Nullable="false" DefaultValue="0" MaxLength="max" Precision="3" Scale="variable"/>
        <Property Type="Edm.String"/>
        <Property Name="All" Type="Collection(v.Colour)">
          <Annotation Term="A.Bool" Bool="false"/><Annotation Term="A.Int" Int="-12"/><Annotation Term="A.Float" Float="1.5e3"/><Annotation Term="A.Decimal" Decimal="3.14"/>
          <Annotation Term="A.String" String="a &amp; b &lt;c&gt; &#233;&#x1F600;"/><Annotation Term="A.Date" Date="2026-11-25"/><Annotation Term="A.Binary" Binary="T0RhdGE"/>
          <Annotation Term="A.Enum" EnumMember="v.Colour/Red v.Colour/Blue"/><Annotation Term="A.Path" Path="Id"/><Annotation Term="A.PropertyPath" PropertyPath="All"/>
          <Annotation Term="A.NavigationPropertyPath" NavigationPropertyPath="Nav"/><Annotation Term="A.AnnotationPath" AnnotationPath="@A.Bool"/>
          <Annotation Term="A.Qualified" Qualifier="Phone" String="q"/><Annotation Term="A.Default"/><Annotation Term="A.Default"><If/></Annotation>
          <Annotation Term="E.String"><String>  text  </String></Annotation><Annotation Term="E.Bool"><Bool>true</Bool></Annotation>
          <Annotation Term="E.Int"><Int>42</Int></Annotation><Annotation Term="E.Empty"><String/></Annotation><Annotation Term="E.Null"><Null/></Annotation>
          <Annotation Term="E.Enum"><EnumMember>v.Colour/Red</EnumMember></Annotation><Annotation Term="E.Guid"><Guid>21EC2020-3AEA-1069-A2DD-08002B30309D</Guid></Annotation>
          <Annotation Term="E.Paths"><Collection><Path>A/B</Path><PropertyPath>Id</PropertyPath><NavigationPropertyPath>Nav</NavigationPropertyPath><AnnotationPath>@x</AnnotationPath></Collection></Annotation>
          <Annotation Term="E.Record"><Record Type="v.Rec"><PropertyValue Property="A" Bool="true"/><PropertyValue Property="B"><Collection><Int>1</Int><Int>2</Int></Collection></PropertyValue><PropertyValue Property="C"/><PropertyValue Bool="true"/><PropertyValue Property="D"><Record><PropertyValue Property="E" String="deep"/></Record></PropertyValue></Record></Annotation>
          <Annotation Term="E.Records"><Collection><Record><PropertyValue Property="N" Int="1"/></Record><Record/><Collection/></Collection></Annotation>
          <Annotation Term="E.AttributeWins" Bool="true"><String>ignored</String></Annotation>
          <Annotation Term="E.FirstWins"><String>one</String><String>two</String></Annotation>
          <Annotation String="no term"/>
        </Property>
        <NavigationProperty Name="Nav" Type="v.T" Partner="Nav" ContainsTarget="true"><OnDelete Action="Cascade"/><Annotation Term="Core.Description" String="nav"/></NavigationProperty>
        <NavigationProperty Type="v.T"/>
        <Annotation Term="Core.Description"><String>type</String></Annotation>
      </EntityType>
      <Action Name="Act" IsBound="true" EntitySetPath="it"><Parameter Name="it" Type="v.T"/><Parameter Name="p" Type="Collection(Edm.String)" Nullable="false"><Annotation Term="Core.Description" String="p"/></Parameter><ReturnType Type="Collection(v.T)" Nullable="false"/><ReturnType Type="Edm.String"/><Annotation Term="Core.Description" String="act"/></Action>
      <Action Name="Act" IsBound="true"><Parameter Name="it" Type="Collection(v.T)"/></Action>
      <Function Name="Fn" IsComposable="true"><Parameter Type="Edm.String"/><ReturnType/></Function>
      <Function Name="Act"><ReturnType Type="Edm.Int32"/></Function>
      <Action/>
      <EntityContainer Name="C"><Annotation Term="Core.Description" String="container"/>
        <FunctionImport Name="Fns" Function="v.Fn" EntitySet="Ts"/><ActionImport Name="Acts" Action="v.Act"/>
        <EntitySet Name="Ts" EntityType="v.T"><NavigationPropertyBinding Path="Nav" Target="Ts"/><NavigationPropertyBinding Path="Nav" Target="Others"/><NavigationPropertyBinding/></EntitySet>
        <Singleton Name="Me" Type="v.T"><Annotation Term="Core.Description" String="me"/></Singleton><EntitySet EntityType="v.T"/>
      </EntityContainer>
      <Annotations Target="v.T"><Annotation Term="Core.LongDescription" String="out"/></Annotations>
      <Annotations Target="v.T/Id"><Annotation Term="Core.Computed"/></Annotations>
      <Annotations Target="V.C"><Annotation Term="Core.Description" String="overridden"/></Annotations>
      <Annotations Target="v.C/Ts"><Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation></Annotations>
      <Annotations Target="v.C/Me/Nav"><Annotation Term="Core.Immutable"/></Annotations>
      <Annotations Target="v.Act(v.T)/p"><Annotation Term="Core.OptionalParameter"/></Annotations>
      <Annotations Target="v.Act(Collection(v.T))"><Annotation Term="Core.Description" String="on the collection"/></Annotations>
      <Annotations Target="v.Act"><Annotation Term="Core.Revisions"/></Annotations>
      <Annotations Target="v.Missing/x"><Annotation Term="Core.Computed"/></Annotations>
      <Annotations><Annotation Term="Core.Computed"/></Annotations>
    </Schema>`, '<edmx:Reference Uri="c"><edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/><edmx:Include Namespace="Only.Namespace"/></edmx:Reference>'),
  'prefixed elements, single quotes, comments, processing instructions, CDATA and CRLF line ends': `<?xml version='1.0' standalone='yes'?>\r\n<!-- a service -->\r\n<?stylesheet x?>\r\n<e:Edmx Version='4.0' xmlns:e='http://docs.oasis-open.org/odata/ns/edmx'>\r\n<e:DataServices><edm:Schema Namespace='P' xmlns:edm='http://docs.oasis-open.org/odata/ns/edm'>\r\n<edm:EntityType Name='T'><!-- key --><edm:Key><edm:PropertyRef Name='Id'/></edm:Key><edm:Property Name='Id' Type='Edm.String'><edm:Annotation Term='Core.Description'><edm:String><![CDATA[a <b> & c]]></edm:String></edm:Annotation></edm:Property></edm:EntityType>\r\n</edm:Schema></e:DataServices></e:Edmx>\r\n<!-- end -->\r\n`,
  'two data services, an unknown element and an empty schema': EDMX('<Schema Namespace="A"/><Unknown><Schema Namespace="Hidden"/></Unknown>').replace('</edmx:Edmx>', '<edmx:DataServices><Schema Namespace="Ignored"/></edmx:DataServices></edmx:Edmx>'),
};

