import { randomUUID } from 'node:crypto';
import type { SessionResponse } from '../src/contract/http/users';
import type { Queryable } from '../src/server/db/db';
import { signUp, uniqueEmail } from '../src/server/testing/accounts';
import type { TestServer } from '../src/server/testing/testServer';
import { uploadAndWait } from '../src/server/testing/uploads';
import { putPaymentMethodOnFile } from '../src/server/modules/billing/billingTesting';
import { generateBuilding } from '../src/engine/testing/building';

export type WorldActor =
  | 'orgOwner'
  | 'billingAdmin'
  | 'orgMember'
  | 'modelAdmin'
  | 'modelWrite'
  | 'modelRead'
  | 'modelLimited'
  | 'stranger'
  | 'internalAdmin';

/**
 * The resources the permission matrix acts on, made with SQL so each cell can have fresh ones cheaply: an
 * organization owned by orgOwner with billingAdmin and orgMember (MEMBER), and models in it shared with
 * modelAdmin, modelWrite, modelRead and modelLimited in those roles. Every organization has a card on file: the
 * world makes many models in one organization, and the free-model rule (three, issue #10) would otherwise answer
 * 402 to the model-creating cells.
 */
export interface PermissionWorld {
  users: Record<WorldActor, SessionResponse>;
  /** The server's database, for rows that set up what no request of theirs can (a review by any actor). */
  db: Queryable;
  organizationId: string;
  modelId: string;
  /** A version of `modelId`, uploaded by orgOwner. */
  versionId: string;
  /** The upload job that made `versionId`. */
  jobId: string;
  /** A small synthetic building as canonical JSON, for upload cells. */
  modelFile: Uint8Array;
  /** SAP2000 member forces of one of its beams, a story drift and a joint's displacements, stored on `versionId` (issue #25). */
  resultsFile: Uint8Array;
  freshOrganization(): Promise<string>;
  freshModel(): Promise<string>;
  /** A fresh model holding a copy of `versionId` (content addressing makes the copy one row). */
  freshModelWithVersion(): Promise<{ modelId: string; versionId: string }>;
  /** A signed-up user with no relation to anything yet. */
  extraUser(): Promise<SessionResponse>;
  extraOrganizationMember(organizationId: string): Promise<string>;
  extraModelCollaborator(modelId: string): Promise<string>;
  organizationFilter(organizationId: string): Promise<string>;
  modelFilter(modelId: string): Promise<string>;
  /** Another active card on file (billing, issue #10); its payment method id. */
  paymentMethodOnFile(organizationId: string): Promise<string>;
  /** A local test bank account waiting for its micro-deposits (32 and 45); its payment method id. */
  pendingBankAccount(organizationId: string): Promise<string>;
}

const SMALL_BUILDING = { storeys: 2, baysX: 3, baysY: 3, braceEvery: 1, coreBaysX: 1, coreBaysY: 1, seed: 7 };

export async function permissionWorld(
  server: TestServer,
  users: Record<WorldActor, SessionResponse>,
): Promise<PermissionWorld> {
  const db = server.db;
  const now = () => new Date();

  async function freshOrganization(): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO organizations (id, name, owner_id, billing_admin_id, created_at, updated_at)
       VALUES ($1, 'Matrix firm', $2, $3, $4, $4)`,
      [id, users.orgOwner.user._id, users.billingAdmin.user._id, now()],
    );
    await db.query(
      `INSERT INTO organization_collaborators (organization_id, user_id, role, created_at)
       VALUES ($1, $2, 'MEMBER', $3)`,
      [id, users.orgMember.user._id, now()],
    );
    await putPaymentMethodOnFile(db, id);
    return id;
  }

  const organizationId = await freshOrganization();

  async function freshModel(): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
       VALUES ($1, $2, 'Matrix model', 'm', $3, $4, $4)`,
      [id, organizationId, users.orgOwner.user._id, now()],
    );
    const roles: Array<[WorldActor, string]> = [
      ['modelAdmin', 'ADMIN'],
      ['modelWrite', 'WRITE'],
      ['modelRead', 'READ'],
      ['modelLimited', 'LIMITEDVIEW'],
    ];
    for (const [actor, role] of roles) {
      await db.query(
        'INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)',
        [id, users[actor].user._id, role, now()],
      );
    }
    return id;
  }

  const modelId = await freshModel();
  // A small braced building: every route's cell runs its real work (plans, previews, drawings) for each actor,
  // and statuses, not sizes, are what the matrix pins.
  const building = generateBuilding(SMALL_BUILDING);
  const modelFile = new TextEncoder().encode(JSON.stringify(building));
  const upload = await uploadAndWait(server, users.orgOwner.token, modelFile, {
    fileName: 'matrix.json',
    modelId,
  });
  const versionId = upload.versionId;
  // Analysis results on the version (issue #25), so the results routes' cells read what they ask for.
  const beam = building.elements.find((element) => element.type === 'Beam')?.id ?? 'missing';
  const storey = building.levels[0]?.name ?? 'missing';
  const joint = building.nodes[0]?.id ?? 'missing';
  const resultsFile = new TextEncoder().encode(`TABLE:  "PROGRAM CONTROL"
   ProgramName=SAP2000   Version=25.0.0   CurrUnits="KN, m, C"

TABLE:  "ELEMENT FORCES - FRAMES"
   Frame="${beam}"   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=0   V2=-10   M3=-20
   Frame="${beam}"   Station=2   OutputCase=DEAD   CaseType=LinStatic   P=0   V2=10   M3=15

TABLE:  "STORY DRIFTS"
   Story="${storey}"   OutputCase=DEAD   CaseType=LinStatic   Direction=X   Drift=0.001

TABLE:  "JOINT DISPLACEMENTS"
   Joint="${joint}"   OutputCase=DEAD   CaseType=LinStatic   U1=0.001   U2=0   U3=-0.002   R1=0   R2=0.0001   R3=0
`);
  const storedResults = await server.request(
    'PUT',
    `/api/models/${modelId}/data/versions/${versionId}/results?fileName=forces.txt`,
    { token: users.orgOwner.token, bytes: resultsFile },
  );
  if (storedResults.status !== 200) throw new Error(`results: ${JSON.stringify(storedResults.body)}`);

  async function freshModelWithVersion(): Promise<{ modelId: string; versionId: string }> {
    const copyModelId = await freshModel();
    const copyVersionId = randomUUID();
    await db.query(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                             model_hash, counts, report)
       SELECT $1, $2, number, author_id, created_at, message, origin, source_blob, manifest, model_hash, counts,
              report
         FROM versions WHERE id = $3`,
      [copyVersionId, copyModelId, versionId],
    );
    return { modelId: copyModelId, versionId: copyVersionId };
  }

  async function extraUser(): Promise<SessionResponse> {
    return signUp(server, uniqueEmail('extra'));
  }

  async function insertFilter(organization: string, model: string | null): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO filters (id, organization_id, model_id, from_platform, to_platform, rules, created_at, updated_at)
       VALUES ($1, $2, $3, 'Revit', 'SAP', $4::jsonb, $5, $5)`,
      [
        id,
        organization,
        model,
        JSON.stringify({ elementTypes: ['Beam'], properties: ['Geometry'], nameMappings: [] }),
        now(),
      ],
    );
    return id;
  }

  return {
    users,
    db,
    organizationId,
    modelId,
    versionId,
    jobId: upload._id,
    modelFile,
    resultsFile,
    freshOrganization,
    freshModel,
    freshModelWithVersion,
    extraUser,
    async extraOrganizationMember(organization) {
      const extra = await extraUser();
      await db.query(
        `INSERT INTO organization_collaborators (organization_id, user_id, role, created_at)
         VALUES ($1, $2, 'MEMBER', $3)`,
        [organization, extra.user._id, now()],
      );
      return extra.user._id;
    },
    async extraModelCollaborator(model) {
      const extra = await extraUser();
      await db.query(
        `INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, 'READ', $3)`,
        [model, extra.user._id, now()],
      );
      return extra.user._id;
    },
    organizationFilter: (organization) => insertFilter(organization, null),
    modelFilter: async (model) => insertFilter(organizationId, model),
    paymentMethodOnFile: (organization) => putPaymentMethodOnFile(db, organization),
    async pendingBankAccount(organization) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO payment_methods (id, organization_id, provider, external_id, kind, brand, last4, status,
                                      created_at, updated_at)
         VALUES ($1, $2, 'local', $3, 'us_bank_account', 'STRIPE TEST BANK', '6789', 'pending_verification', $4, $4)`,
        [id, organization, `local_ba_${id}`, now()],
      );
      return id;
    },
  };
}
