/**
 * The projection backend the hub's end-to-end tests run on: `postgres` (the hub's deployment)
 * when the PostgreSQL backend is built in, else `sqlite`; `BRAIN_HUB_TEST_BACKEND` overrides.
 */
import type { HubBackendKind } from '../../src/hub/hub.js';

export const HUB_BACKEND: HubBackendKind = (process.env.BRAIN_HUB_TEST_BACKEND as HubBackendKind | undefined) ?? 'sqlite';
