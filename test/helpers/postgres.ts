/**
 * A real PostgreSQL server for tests (issue #11): see src/projection/postgres/local-server.ts.
 * Each test file starts its own server and takes a fresh database per test or backend, so
 * files never share state.
 */
export { startPostgres, postgresBinDir, type PostgresServer } from '../../src/projection/postgres/local-server.js';
