import { openPglite } from '../../src/db/pglite';
import { defineInjectionSuite } from './injection-suite';

defineInjectionSuite('PGlite', () => openPglite());
