/**
 * Issue 27 (decision 042): the catalogues' ICU messages compiled at build
 * time, so that Lingui's runtime (which leaves the compiler out of production
 * builds) formats plurals and values without shipping a parser. A catalogue
 * module (`packages/protocol/src/catalogue/<language>/<namespace>.ts`) is
 * evaluated in Node and emitted as data: plain texts stay strings, a message
 * with `{…}` becomes Lingui's compiled form. Dev and tests compile at run time.
 */
import { pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/** A catalogue module's path: a file the plugin does not match would ship its `{…}` uncompiled (shown as written). */
export const CATALOGUE_MODULE = /[\\/]packages[\\/]protocol[\\/]src[\\/]catalogue[\\/][a-z]{2}[\\/][a-z-]+\.ts$/;

/** Every message with ICU syntax compiled, the rest as it is. */
export function compileCatalogueValue(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('{') ? compileMessage(value) : value;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, compileCatalogueValue(inner)]));
  return value;
}

export function compileCatalogues(): Plugin {
  return {
    name: 'shifumi:compile-catalogues',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!CATALOGUE_MODULE.test(id)) return null;
      const module = (await tsImport(pathToFileURL(id).href, import.meta.url)) as Record<string, unknown>;
      return Object.entries(module)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(compileCatalogueValue(value))};`)
        .join('\n');
    },
  };
}
