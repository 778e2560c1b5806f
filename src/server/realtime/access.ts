import type { ModelAbility, ModelRole } from '../../contract/http/models';

/** Why a session may not have an event: signed out or expired, no right at all, or a role too weak. */
export type Refusal = 'ended' | 'none' | 'weaker';

/** What a model's event requires of a recipient. */
export interface ModelRequirement {
  minimumAbility: ModelAbility;
  /** Only these roles (a narrower word for some of the room, e.g. LIMITEDVIEW); else every role allowed. */
  onlyRoles?: readonly ModelRole[] | undefined;
}

/**
 * The access decisions the live socket needs, asked for many sessions at once so one emit costs a fixed number of
 * queries whatever the number of sockets. A port: modules/access implements it (createRealtimeAccess) and app.ts
 * hands it in, so realtime imports no module and decides no role itself.
 */
export interface RealtimeAccess {
  /** Those of the sessions that were revoked or expired. */
  endedSessions(tokenHashes: readonly string[], now: Date): Promise<Set<string>>;
  /** The sessions whose user may not receive a model's event that needs `requirement`, and why. */
  modelRefusals(
    modelId: string,
    tokenHashes: readonly string[],
    requirement: ModelRequirement,
    now: Date,
  ): Promise<Map<string, Refusal>>;
  /** The sessions whose user may not receive an organization's event (not a member), and why. */
  organizationRefusals(
    organizationId: string,
    tokenHashes: readonly string[],
    now: Date,
  ): Promise<Map<string, Refusal>>;
  /** Everyone with a role on the model: its organization's owner and every permission row. */
  modelAudience(modelId: string): Promise<string[]>;
  /** The organizations the user is a member of and the models they have a role on: their rooms. */
  roomsOf(userId: string): Promise<{ organizationIds: string[]; modelIds: string[] }>;
}
