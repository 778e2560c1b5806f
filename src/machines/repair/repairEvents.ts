import {
  modelConnectivityEventSchema,
  modelRepairCommitEventSchema,
  modelRepairedEventSchema,
  type ModelConnectivityEvent,
  type ModelRepairCommitEvent,
  type ModelRepairedEvent,
} from '../../contract/http/repair';
import type { RealtimeEvent } from '../socket/types';

/**
 * The realtime events of issue #8, read from a feed event; null when the event is another one or its data
 * breaks the contract. The repair machine names these in its guards.
 */

export function connectivityReadyOf(event: RealtimeEvent): ModelConnectivityEvent | null {
  if (event.payload.eventName !== 'ModelConnectivity') return null;
  const parsed = modelConnectivityEventSchema.safeParse(event.payload.data);
  return parsed.success ? parsed.data : null;
}

export function repairReadyOf(event: RealtimeEvent): ModelRepairedEvent | null {
  if (event.payload.eventName !== 'ModelRepaired') return null;
  const parsed = modelRepairedEventSchema.safeParse(event.payload.data);
  return parsed.success ? parsed.data : null;
}

export function repairCommitOf(event: RealtimeEvent): ModelRepairCommitEvent | null {
  if (event.payload.eventName !== 'ModelRepairCommit') return null;
  const parsed = modelRepairCommitEventSchema.safeParse(event.payload.data);
  return parsed.success ? parsed.data : null;
}
