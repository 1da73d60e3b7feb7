// The public HTTP API, and nothing else: every call the page makes goes through here, to the
// origin that served the page (relative URLs, so a path prefix in front of the service works).

/** A problem document (RFC 9457) answered instead of a result: `errors` lists every problem with
 * its JSON `pointer`, `code` and `message`; an illegal apply also carries its `verdict`. */
export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || body?.title || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
  get errors() {
    return this.body.errors || [];
  }
}

/** Credentials of a sealed table (`deal` answers them); null on an open server. The page keeps
 * them in memory only. */
let credentials = null;
export function setCredentials(value) {
  credentials = value || null;
}
export const sealed = () => credentials !== null;

/** The credential to send for `seat` (its own), or the host's for anything else (a view of the
 * whole table, a replay). */
export function credentialFor(seat) {
  if (!credentials) return null;
  if (Number.isInteger(seat) && credentials.seats?.[seat]) return credentials.seats[seat];
  return credentials.host;
}

async function call(method, path, body, credential) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (credential) headers["X-Table-Credential"] = credential;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = { title: `HTTP ${response.status} (not JSON)` };
  }
  if (!response.ok) throw new Problem(response.status, answer);
  return answer;
}

export const get = (path) => call("GET", `v1/${path}`);

/** POST /v1/games/{game}/{op}; `seat` picks the credential on a sealed table (host when null). */
export function post(game, op, body, seat = null) {
  return call("POST", `v1/games/${encodeURIComponent(game)}/${op}`, body, credentialFor(seat));
}

// Read-only facts, fetched once per page.
const cache = new Map();
function once(key, load) {
  if (!cache.has(key)) cache.set(key, load().catch((error) => (cache.delete(key), Promise.reject(error))));
  return cache.get(key);
}
export const games = () => once("games", () => get("games"));
export const describe = (game) => once(`game:${game}`, () => get(`games/${encodeURIComponent(game)}`));
export const ready = () => once("ready", () => get("ready").catch((error) => error.body || {}));
export const openapi = () => once("openapi", () => get("openapi.json"));
export const rule = (game, id) =>
  once(`rule:${game}:${id}`, () => get(`games/${encodeURIComponent(game)}/rules/${encodeURIComponent(id)}`));

/** Is the server sealed? GET /v1/ready reports `seal` ("off" on an open server). */
export async function serverSealed() {
  const answer = await ready();
  const seal = answer?.checks?.seal;
  return Boolean(seal) && seal !== "off";
}
