import { openPglite } from '../../src/db/pglite';
import { defineEngineSuite } from './engine-suite';

defineEngineSuite('PGlite', () => openPglite(), { timeouts: false });
