/**
 * A job status's colour (spec doc 3 §4): RUNNING yellow, SUCCESS green, WARNING orange, FAILED
 * and STOPPED red; anything else neutral.
 */
import type { BadgeTone } from '../../../ui/badge';

const TONES: Record<string, BadgeTone> = {
  RUNNING: 'warning',
  SUCCESS: 'healthy',
  WARNING: 'warning',
  FAILED: 'unhealthy',
  STOPPED: 'unhealthy',
};

export function jobStatusTone(status: string | null | undefined): BadgeTone {
  return TONES[(status ?? '').toUpperCase()] ?? 'unknown';
}
