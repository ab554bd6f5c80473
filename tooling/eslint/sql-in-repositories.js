/**
 * House rule (issue 25, decision 039): SQL lives in `*.repo.ts`. Outside the
 * files this rule is switched off for (repositories, the `infra/db` adapter,
 * migrations, the listed exceptions), it reports
 *  - a query run through Drizzle: `select`, `insert`, `update`, `delete`,
 *    `execute`, `$count`, `with`… called on a database or transaction handle
 *    (`db.select()`, `tx.update()`, `deps.db.execute()`, `this.db.insert()`),
 *    recognised by the handle's TYPE (declared in drizzle-orm), not its name;
 *  - the relational API (`db.query.users.findMany()`);
 *  - a `sql` template or `sql.raw`/`sql.join`/`sql.identifier` (drizzle-orm's `sql`);
 *  - a raw query on a driver: `pool.query`, `client.query`, PGlite's `query`/`exec`.
 * Opening a transaction (`db.transaction(async (tx) => …)`) is allowed: it is
 * the unit of work a service owns; the queries inside go through repo functions
 * that take `tx`.
 * The rule needs type information (typescript-eslint `projectService`).
 */

/** Methods of a Drizzle database/transaction that build or run a statement. */
const DRIZZLE_QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  '$count',
  'with',
  '$with',
  'refreshMaterializedView',
  'findFirst',
  'findMany',
]);
/** Methods of a driver (node-postgres Pool/Client/PoolClient, PGlite) that run SQL text. */
const DRIVER_QUERY_METHODS = new Set(['query', 'exec', 'sql', 'transaction']);

const DRIZZLE = /[\\/]node_modules[\\/]drizzle-orm[\\/]/;
const DRIVER = /[\\/]node_modules[\\/](?:pg|@types[\\/]pg|pg-pool|@types[\\/]pg-pool|@electric-sql[\\/]pglite)[\\/]/;

/** True when `type` (or a member of a union/intersection, or a base class) is declared in a file matching `origin`. */
function declaredIn(type, origin, seen = new Set()) {
  if (!type || seen.has(type)) return false;
  seen.add(type);
  if (type.isUnionOrIntersection?.()) return type.types.some((member) => declaredIn(member, origin, seen));
  const symbol = type.getSymbol?.() ?? type.aliasSymbol;
  const declarations = symbol?.getDeclarations?.() ?? [];
  if (declarations.some((declaration) => origin.test(declaration.getSourceFile().fileName))) return true;
  const bases = type.getBaseTypes?.() ?? [];
  return bases.some((base) => declaredIn(base, origin, seen));
}

/** True when the identifier `node` resolves (through imports and re-exports) to drizzle-orm's `sql`. */
function isDrizzleSql(services, checker, node) {
  const tsNode = services.esTreeNodeToTSNodeMap.get(node);
  let symbol = checker.getSymbolAtLocation(tsNode);
  if (!symbol) return false;
  // ts.SymbolFlags.Alias = 2097152 (the rule does not import typescript itself).
  if (symbol.flags & 2097152) symbol = checker.getAliasedSymbol(symbol);
  return (
    symbol.name === 'sql' &&
    (symbol.getDeclarations?.() ?? []).some((declaration) => DRIZZLE.test(declaration.getSourceFile().fileName))
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL (Drizzle queries, sql templates, driver queries) only in *.repo.ts' },
    messages: {
      query: 'SQL outside a repository: move `{{what}}` into the module’s *.repo.ts and call it from here (decision 039).',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (DRIZZLE_QUERY_METHODS.has(method) && declaredIn(typeOf(callee.object), DRIZZLE)) {
          context.report({ node, messageId: 'query', data: { what: `.${method}()` } });
          return;
        }
        if (DRIVER_QUERY_METHODS.has(method) && declaredIn(typeOf(callee.object), DRIVER)) {
          context.report({ node, messageId: 'query', data: { what: `.${method}()` } });
          return;
        }
        // sql.raw(…), sql.join(…), sql.identifier(…)
        if (callee.object.type === 'Identifier' && isDrizzleSql(services, checker, callee.object)) {
          context.report({ node, messageId: 'query', data: { what: `sql.${method}()` } });
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const root = tag.type === 'MemberExpression' ? tag.object : tag;
        if (root.type === 'Identifier' && isDrizzleSql(services, checker, root)) {
          context.report({ node, messageId: 'query', data: { what: 'sql`…`' } });
        }
      },
    };
  },
};

export default { rules: { 'sql-in-repositories': sqlInRepositories } };
