// The demo REST API that examples/petstore.connector.json points at: pets, filters, a model body and photo uploads.
import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson, type RunningService } from './http';

/** The API key the demo accepts (set it as the secret 'petstore'). */
export const PETSTORE_API_KEY = 'demo-key';

interface Pet {
  id: number;
  name: string;
  tag?: string;
  age?: number;
  status: 'available' | 'pending' | 'sold';
  deleted?: boolean;
}

function seedPets(): Pet[] {
  return [
    { id: 1, name: 'Rex', tag: 'dog', age: 3, status: 'available' },
    { id: 2, name: 'Tom', tag: 'cat', age: 5, status: 'pending' },
    { id: 3, name: 'Nemo', tag: 'fish', age: 1, status: 'sold' },
    { id: 4, name: 'Old Bess', tag: 'cow', age: 12, status: 'sold', deleted: true },
  ];
}

function uploadPhoto(request: IncomingMessage, response: ServerResponse, petId: number): Promise<void> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const files: { field: string; filename: string; bytes: number }[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers });
    } catch (error) {
      sendJson(response, 400, { message: `Expected multipart/form-data: ${String(error)}` });
      resolve();
      return;
    }
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => files.push({ field: name, filename: info.filename ?? '', bytes }));
    });
    parser.on('close', () => {
      sendJson(response, 201, { petId, caption: fields.caption ?? null, files });
      resolve();
    });
    parser.on('error', (error) => {
      sendJson(response, 400, { message: `Malformed multipart body: ${String(error)}` });
      resolve();
    });
    request.pipe(parser);
  });
}

/** Starts the pet store on 127.0.0.1 (`port` 0 picks a free port); its base URL ends in `/api`. */
export function startPetstore(port = 0): Promise<RunningService> {
  const pets = seedPets();
  return listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.headers['x-api-key'] !== PETSTORE_API_KEY) {
      sendJson(response, 401, { message: `Missing or wrong X-Api-Key header. Set the connector's secret 'petstore' to '${PETSTORE_API_KEY}'.` });
      return;
    }
    // Matrix parameters (';lang=en') sit in the path before the query.
    const [path = '', ...matrix] = url.pathname.split(';');
    const matrixParams = Object.fromEntries(matrix.map((m) => m.split('=').map(decodeURIComponent)));
    if (request.method === 'GET' && path === '/api/pets') {
      const tags = url.searchParams.get('tags')?.split(',') ?? [];
      const statuses = url.searchParams.getAll('status');
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const includeDeleted = url.searchParams.has('includeDeleted');
      const found = pets
        .filter((p) => includeDeleted || !p.deleted)
        .filter((p) => tags.length === 0 || (p.tag !== undefined && tags.includes(p.tag)))
        .filter((p) => statuses.length === 0 || statuses.includes(p.status))
        .slice(0, Number.isFinite(limit) ? limit : 20);
      sendJson(response, 200, found);
      return;
    }
    const one = /^\/api\/pets\/(\d+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const pet = pets.find((p) => p.id === Number(one[1]));
      if (!pet) sendJson(response, 404, { message: `No pet with id ${one[1]}.` });
      else sendJson(response, 200, { ...pet, lang: matrixParams.lang ?? 'en', requestId: request.headers['x-request-id'] ?? null });
      return;
    }
    if (request.method === 'POST' && path === '/api/pets') {
      const body = await readBody(request);
      let pet: Partial<Pet>;
      try {
        pet = JSON.parse(body?.toString('utf8') ?? '') as Partial<Pet>;
      } catch {
        sendJson(response, 400, { message: 'The body is not JSON. Send the Pet model as application/json.' });
        return;
      }
      if (typeof pet.name !== 'string' || pet.name === '') {
        sendJson(response, 400, { message: "A pet needs a 'name'." });
        return;
      }
      const created: Pet = { id: Math.max(...pets.map((p) => p.id)) + 1, name: pet.name, status: 'available' };
      if (typeof pet.tag === 'string') created.tag = pet.tag;
      if (typeof pet.age === 'number') created.age = pet.age;
      pets.push(created);
      sendJson(response, 201, created, { Location: `/api/pets/${created.id}` });
      return;
    }
    const photos = /^\/api\/pets\/(\d+)\/photos$/.exec(path);
    if (request.method === 'POST' && photos) {
      await uploadPhoto(request, response, Number(photos[1]));
      return;
    }
    sendJson(response, 404, { message: `No route for ${request.method} ${url.pathname}.` });
  }, port, '/api');
}
