/** URL state of the send history (spec doc 3 §2.9): status and resource_type filters, page, id. */
import { NOTIFICATION_PAGE_SIZE } from '../../../api/notifications';
import { triStateListCodec } from '../../../lib/tri-state-list';
import { numberCodec, param, stringCodec, type TriStateMap } from '../../../lib/url-state';

export const sendHistorySchema = {
  status: param(triStateListCodec, {} as TriStateMap),
  resourceType: param(triStateListCodec, {} as TriStateMap),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), NOTIFICATION_PAGE_SIZE),
  /** The send whose detail dialog is open. */
  id: param(stringCodec, ''),
};
