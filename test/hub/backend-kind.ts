/**
 * The projection backend the hub's end-to-end tests run on: `postgres` (the hub's deployment);
 * `BRAIN_HUB_TEST_BACKEND=sqlite` runs them on the SQLite backend instead.
 */
import type { HubBackendKind } from '../../src/hub/hub.js';

export const HUB_BACKEND: HubBackendKind = (process.env.BRAIN_HUB_TEST_BACKEND as HubBackendKind | undefined) ?? 'postgres';
