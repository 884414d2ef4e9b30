import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { EARLY_SCREENS } from './src/app/route-table.ts';

const api = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build (at the highest levels: it runs
 * once per build, not per request). The server's static plugin picks one by the request's
 * Accept-Encoding (decision 040); a file that compression does not shrink is left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
      await Promise.all(
        files.map(async (e) => {
          const path = join(e.parentPath, e.name);
          const body = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${path}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * Names each language's message chunk in a `<meta name="portal-messages">` of index.html, so that
 * theme-init.js (which runs before the app) can preload the visitor's language beside the app's code
 * instead of after it (decision 040).
 */
function languagePreload(): Plugin {
  return {
    name: 'portal:language-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks: Record<string, string> = {};
        for (const item of Object.values(ctx.bundle ?? {})) {
          const language = item.type === 'chunk' && item.facadeModuleId?.match(/\/locales\/(\w+)\/messages\.ts$/)?.[1];
          if (language) chunks[language] = `/${item.fileName}`;
        }
        return [
          {
            tag: 'meta',
            attrs: { name: 'portal-messages', content: JSON.stringify(chunks) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * Names, in a `<meta name="portal-screens">` of index.html, the chunks of each screen a visit often
 * starts on (route-table.ts), beyond those of the app's entry: theme-init.js preloads the ones of the
 * address being opened, so a lazy screen costs no round trip after the app's code (decision 044).
 */
function screenPreload(): Plugin {
  return {
    name: 'portal:screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk, into = new Set<string>()): Set<string> => {
          if (into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const name of start.imports) {
            const next = byName.get(name);
            if (next) closure(next, into);
          }
          return into;
        };
        const entry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c)]));
        const screens = EARLY_SCREENS.map(({ module, paths }) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`portal:screen-preload: no chunk for ${module}`);
          return { paths, files: [...closure(chunk)].filter((f) => !entry.has(f)).map((f) => `/${f}`) };
        });
        return [
          {
            tag: 'meta',
            attrs: { name: 'portal-screens', content: JSON.stringify(screens) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * Zod's JSON Schema output (`schema.toJSONSchema()`, `z.toJSONSchema`): every classic schema links to
 * it, so no bundler can drop it, though the portal never produces JSON Schema in the browser
 * (5 KB gzip of the first load). In the build its two modules are replaced by functions of the same
 * names that throw; the server and the tests keep the real ones (decision 044).
 */
function withoutZodJsonSchema(): Plugin {
  const MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  const PREFIX = '\0portal-no-json-schema:';
  return {
    name: 'portal:without-zod-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && MODULES.test(resolved.id) ? PREFIX + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = await readFile(id.slice(PREFIX.length), 'utf8');
      const names = new Set([...real.matchAll(/^export (?:function|const|let) (\w+)/gm)].map((m) => m[1] as string));
      const aliases = [...real.matchAll(/^export \{ (\w+) as (\w+) \}/gm)].map((m) => m[2] as string);
      // `create…Method` runs when a schema's `~standard` is read: it hands back a method that throws when called.
      return [
        "const unavailable = () => { throw new Error('JSON Schema output is not part of the web build'); };",
        ...[...names, ...aliases].map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), languagePreload(), screenPreload(), withoutZodJsonSchema()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
      // The built-in vendors' own APIs and the sportsbook's live socket.
      '/vendor': { target: api, ws: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry needs before the first render in one file: one compression dictionary
        // instead of a handful of small chunks that Rolldown's sharing would otherwise cut (decision 044).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
