/**
 * The embed tokens page's URL parameters: `create=true` opens the create dialog (so a link can
 * start there). Bad values read as the default.
 */
import { booleanCodec, param } from '../../lib/url-state';

export const embedTokensUrlSchema = {
  create: param(booleanCodec, false),
};
