/**
 * What the installed package is and where its shipped documents are (issue #19: hints and help
 * name only files the package ships). Read from the package's own `package.json`, one
 * directory above `dist/` (or `src/` under the tests), so a source checkout and an installed
 * tarball (`npm install --global ./git-brain-<version>.tgz`) answer alike.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const manifest = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };

/** The npm package name (`git-brain`; the command is `brain`). */
export const PACKAGE_NAME: string = manifest.name;

/** The package version (semver), as `brain --version` and the MCP server info report it. */
export const PACKAGE_VERSION: string = manifest.version;

/**
 * Absolute path of the on-disk format specification shipped with the package
 * (`<package>/docs/format.md`; package.json `files` ships it, test/package checks it).
 */
export const FORMAT_DOC: string = fileURLToPath(new URL('../../docs/format.md', import.meta.url));
