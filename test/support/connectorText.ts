// Small connector documents for rule tables: valid apart from what a case puts in.

/** A REST connector around operation objects (JSON text), with optional extra top-level properties. */
export function restConnector(operations: string[], extra = ''): string {
  return `{
  "kind": "rest",
  "name": "Test",
  "baseUrl": "https://api.example.com"${extra ? `,\n  ${extra}` : ''},
  "operations": [
    ${operations.join(',\n    ')}
  ]
}`;
}

/** One REST operation as JSON text. */
export function operation(id: string, method: string, path: string, parameters: string[], headers?: string): string {
  return `{ "id": "${id}", "method": "${method}", "path": "${path}",${headers ? ` "headers": ${headers},` : ''} "parameters": [
      ${parameters.join(',\n      ')}
    ] }`;
}

/** An OData connector around Custom request objects (JSON text). */
export function odataConnector(requests: string[], extra = '"connectorVersion": "2.1.17"'): string {
  return `{
  "kind": "odata",
  "name": "Test",
  "baseUrl": "https://ifs.example.com/main/ifsapplications/projection/v1/CustomerOrderHandling.svc"${extra ? `,\n  ${extra}` : ''},
  "customRequests": [
    ${requests.join(',\n    ')}
  ]
}`;
}
