/**
 * Issue 18: `/api/admin/*`, the operator's console, one file per page in
 * http/admin/. Every route first asks `access.authorize` for the roles it
 * allows (403 and an audit record otherwise), parses its input with the
 * protocol's schemas, calls the admin module, and replies. Which role may do
 * what: README "Operator's console".
 */
import type { StaffRole } from '@shifumi/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminPage, AdminRouteOptions } from './admin/admin-answers';
import { flagsRoutes } from './admin/flags.routes';
import { gamesRoutes } from './admin/games.routes';
import { overviewRoutes } from './admin/overview.routes';
import { playersRoutes } from './admin/players.routes';
import { staffRoutes } from './admin/staff.routes';
import { stuckRoutes } from './admin/stuck.routes';
import { withdrawalsRoutes } from './admin/withdrawals.routes';

const PAGES: readonly AdminPage[] = [
  overviewRoutes,
  withdrawalsRoutes,
  playersRoutes,
  gamesRoutes,
  stuckRoutes,
  flagsRoutes,
  staffRoutes,
];

export async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const authorize = (request: FastifyRequest, roles: readonly StaffRole[]) => options.admin.access.authorize(request, roles);
  for (const page of PAGES) page(app, options, authorize);
}
