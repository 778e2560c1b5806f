import { z } from 'zod';
import { AreaAutoMeshSchema, FrameAutoMeshSchema } from './autoMesh';
import { IdSchema, Point3Schema } from './common';
import { AreaModifiersSchema, FrameModifiersSchema } from './modifiers';
import { ReleasesSchema } from './releases';

/**
 * Fields shared by line members (Beam, Column, Brace). Geometry is the pair of nodes, i then j; Profile is
 * `profileId`; Material is the profile's unless `materialId` overrides it.
 */
export const frameFields = {
  startNodeId: IdSchema,
  endNodeId: IdSchema,
  profileId: IdSchema.optional(),
  materialId: IdSchema.optional(),
  levelId: IdSchema.optional(),
  /** Rotation of local axes 2–3 about axis 1, degrees (ETABS ANG, SAP Angle). */
  orientationAngle: z.number().optional(),
  /** CSI cardinal point 1–11 (10 = centroid default, 8 = top centre…): where the member axis sits in the section. */
  cardinalPoint: z.number().int().min(1).max(11).optional(),
  /** Clear lengths at each end not counted as flexible, mm (ETABS LENGTHOFFI/J, SAP end length offsets). */
  endOffsets: z.object({ i: z.number(), j: z.number() }).optional(),
  /** Fraction 0–1 of the end offsets treated as rigid. */
  rigidZoneFactor: z.number().optional(),
  /** Insertion offsets of each end from its node in global axes, mm (ETABS OFFSETXI…, SAP insertion). */
  insertionOffsets: z.object({ i: Point3Schema, j: Point3Schema }).optional(),
  releases: ReleasesSchema.optional(),
  /** Member modifiers, applied on top of the section's (see modifiers.ts). */
  modifiers: FrameModifiersSchema.optional(),
  /** How the analysis program meshes the member (see autoMesh.ts); absent: the source tool's default. */
  autoMesh: FrameAutoMeshSchema.optional(),
};

/** Fields shared by planar elements (Floor, Wall, Area, Opening): a closed polygon of nodes. */
export const areaFields = {
  nodeIds: z.array(IdSchema).min(3),
  profileId: IdSchema.optional(),
  materialId: IdSchema.optional(),
  levelId: IdSchema.optional(),
  diaphragmId: IdSchema.optional(),
  orientationAngle: z.number().optional(),
  /** Object modifiers, applied on top of the shell property's (see modifiers.ts). */
  modifiers: AreaModifiersSchema.optional(),
  /** How the analysis program meshes the area (see autoMesh.ts); absent: the source tool's default. */
  autoMesh: AreaAutoMeshSchema.optional(),
};
