import { dirname, relative, resolve } from 'node:path';

/**
 * DESIGN.md §4.1 as a lint rule: dependencies point one way (app → features → shared) and features do
 * not import each other. Zones are path prefixes from the repository root; an import whose resolved
 * path starts with a `from` prefix is refused in files under `target`, unless it is under `except`
 * or the file matches the zone's `exceptFiles` pattern (tests, the one file that wires a boundary).
 * Kept local: the plugin we used before pulled in platform binaries the registry here cannot serve.
 */
export function oneWayImports(root, zones) {
  return {
    meta: { type: 'problem', schema: [], docs: { description: 'one-way dependencies between folders' } },
    create(context) {
      const file = relative(root, context.filename);
      const applicable = zones.filter((z) => file.startsWith(z.target) && !z.exceptFiles?.test(file));
      if (applicable.length === 0) return {};
      const check = (node) => {
        const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
        if (typeof spec !== 'string') return;
        const target = spec.startsWith('.') ? relative(root, resolve(dirname(context.filename), spec)) : spec;
        for (const z of applicable) {
          const hit = z.from.some((f) => target.startsWith(f)) && !(z.except ?? []).some((e) => target.startsWith(e));
          if (hit) context.report({ node, message: `${z.message} (${spec})` });
        }
      };
      return {
        ImportDeclaration: check,
        ImportExpression: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
      };
    },
  };
}
