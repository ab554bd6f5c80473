/**
 * What the build leaves beside the app, in `apps/web/build-report/` (never
 * served, never committed):
 *
 * - `sourcemaps/`: the source maps, built "hidden" (no `sourceMappingURL` in
 *   the served files) and moved out of the served folder — for error
 *   reporting and for the bundle budget's module breakdown, never public
 *   (decision 012);
 * - `bundle.json`: every chunk (file, imports, dynamic imports, modules) and
 *   the static import graph of the modules, which the bundle budget reads.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface ReportedChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module a dynamic entry stands for (repository-relative), if any. */
  facadeModule: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

export interface BundleReport {
  chunks: ReportedChunk[];
  /** Each module's static imports (repository-relative ids). */
  staticImports: Record<string, string[]>;
}

/** `/repo/node_modules/x/y.js` → `node_modules/x/y.js`; virtual ids stay as they are. */
export function relativeModuleId(id: string, repositoryRoot: string): string {
  const clean = id.replace(/\?.*$/, '');
  return path.isAbsolute(clean) ? path.relative(repositoryRoot, clean).split(path.sep).join('/') : clean;
}

export function buildReport({ reportDir, repositoryRoot }: { reportDir: string; repositoryRoot: string }): Plugin {
  let outDir = '';
  let report: BundleReport = { chunks: [], staticImports: {} };
  return {
    name: 'shifumi:build-report',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const relative = (id: string) => relativeModuleId(id, repositoryRoot);
      const chunks: ReportedChunk[] = [];
      const staticImports: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          name: output.name,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          facadeModule: output.facadeModuleId ? relative(output.facadeModuleId) : null,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          modules: output.moduleIds.map(relative),
        });
      }
      // Every module of the graph, those tree-shaken out of every chunk too: a
      // barrel that only re-exports (the protocol's index) is in no chunk, yet
      // it is how a route reaches what it re-exports.
      for (const id of this.getModuleIds()) {
        staticImports[relative(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(relative);
      }
      report = { chunks, staticImports };
    },
    async writeBundle() {
      const mapsDir = path.join(reportDir, 'sourcemaps');
      await fs.rm(reportDir, { recursive: true, force: true });
      await fs.mkdir(mapsDir, { recursive: true });
      const entries = await fs.readdir(outDir, { withFileTypes: true, recursive: true });
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
        const from = path.join(entry.parentPath, entry.name);
        const to = path.join(mapsDir, path.relative(outDir, from));
        await fs.mkdir(path.dirname(to), { recursive: true });
        await fs.rename(from, to);
      }
      await fs.writeFile(path.join(reportDir, 'bundle.json'), `${JSON.stringify(report)}\n`);
    },
  };
}
