/**
 * The permission matrix's vocabulary: the actors, the statuses each row expects of them, and the row shape. Rows
 * live in permissions.test.ts and in tests/permissionRows/ (one file per area, so areas can grow apart).
 */
import type { PermissionWorld } from './permissionWorld';

/** The actors, in the order of every row's expected statuses. */
export const ACTORS = [
  'orgOwner',
  'billingAdmin',
  'orgMember',
  'modelAdmin',
  'modelWrite',
  'modelRead',
  'modelLimited',
  'stranger',
  'internalAdmin',
  'noToken',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Statuses = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

export interface CellRequest {
  path: string;
  json?: unknown;
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

export interface Row {
  method: string;
  /** The route as Fastify registered it. */
  route: string;
  /** Builds the request of one cell, creating what it acts on. */
  request: (world: PermissionWorld, actor: Actor) => Promise<CellRequest>;
  expected: Statuses;
}

//                       owner  billing member mAdmin mWrite mRead mLimit strngr iAdmin none
export const everyone: Statuses = [200, 200, 200, 200, 200, 200, 200, 200, 200, 403];
export const orgMembers = (ok: number): Statuses => [ok, ok, ok, 404, 404, 404, 404, 404, 404, 403];
export const orgManagers = (ok: number): Statuses => [ok, 401, 401, 404, 404, 404, 404, 404, 404, 403];
export const modelSeers = (ok: number): Statuses => [ok, 404, 404, ok, ok, ok, ok, 404, 404, 403];
export const modelViewers = (ok: number): Statuses => [ok, 404, 404, ok, ok, ok, 401, 404, 404, 403];
export const modelUpdaters = (ok: number): Statuses => [ok, 404, 404, ok, ok, 401, 401, 404, 404, 403];
export const modelAdmins = (ok: number): Statuses => [ok, 404, 404, ok, 401, 401, 401, 404, 404, 403];
