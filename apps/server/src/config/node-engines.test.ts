import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The portal runs on Node.js 20 (this machine) and on the current LTS (production). Every package the
 * lock file installs must say it runs on both, or the exception must be named here with its reason.
 */
const lock = JSON.parse(readFileSync(new URL('../../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const nodeVersions = [semver.minVersion(root.engines.node)!.version, '24.11.0'];

describe('the installed packages', () => {
  it.each(nodeVersions)('all declare that they run on Node.js %s', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(node, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path}@${entry.version}: node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
