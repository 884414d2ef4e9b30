import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), precompress(), languagePreload(), withoutZodJsonSchema()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
