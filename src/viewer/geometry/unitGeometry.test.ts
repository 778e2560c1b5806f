// @vitest-environment node
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { Scene } from '@babylonjs/core/scene';
import { describe, expect, it } from 'vitest';
import { PROFILE_FAMILIES } from '../../engine/scene';
import type { UnitGeometry } from './unitGeometry';
import {
  arrowGeometry,
  extrudeSection,
  octahedronGeometry,
  pyramidGeometry,
  unitSection,
} from './unitGeometry';

/** For each triangle, the dot product of Babylon's face normal (from the winding) with the stored normals. */
function windingAgreement(
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  normals: ArrayLike<number>,
) {
  const computed: number[] = [];
  VertexData.ComputeNormals(positions, indices, computed);
  const dots: number[] = [];
  for (let vertex = 0; vertex < positions.length / 3; vertex++) {
    dots.push(
      (computed[vertex * 3] as number) * (normals[vertex * 3] as number) +
        (computed[vertex * 3 + 1] as number) * (normals[vertex * 3 + 1] as number) +
        (computed[vertex * 3 + 2] as number) * (normals[vertex * 3 + 2] as number),
    );
  }
  return dots;
}

function extent(geometry: UnitGeometry): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < geometry.positions.length; k++) {
    const axis = k % 3;
    min[axis] = Math.min(min[axis] as number, geometry.positions[k] as number);
    max[axis] = Math.max(max[axis] as number, geometry.positions[k] as number);
  }
  return { min, max };
}

describe('unit meshes', () => {
  it("follow the winding of Babylon's own meshes, so back faces cull the same way", () => {
    // Babylon's box: its stored normals agree with the normals its winding gives.
    const scene = new Scene(new NullEngine());
    const box = CreateBox('box', { size: 1 }, scene);
    const boxDots = windingAgreement(
      box.getVerticesData('position') as number[],
      box.getIndices() as number[],
      box.getVerticesData('normal') as number[],
    );
    expect(Math.min(...boxDots)).toBeGreaterThan(0.99);
    scene.getEngine().dispose();

    for (const family of [...PROFILE_FAMILIES, 'rod'] as const) {
      const geometry = extrudeSection(unitSection(family));
      const dots = windingAgreement(geometry.positions, geometry.indices, geometry.normals);
      expect(Math.min(...dots), family).toBeGreaterThan(0.5);
    }
    for (const geometry of [pyramidGeometry(), octahedronGeometry(), arrowGeometry()]) {
      const dots = windingAgreement(geometry.positions, geometry.indices, geometry.normals);
      expect(Math.min(...dots)).toBeGreaterThan(0.3);
    }
  });

  it('run along x from 0 to 1 with their section in a unit box centred on the axis', () => {
    for (const family of [...PROFILE_FAMILIES, 'rod'] as const) {
      const { min, max } = extent(extrudeSection(unitSection(family)));
      expect(min[0]).toBe(0);
      expect(max[0]).toBe(1);
      for (const axis of [1, 2]) {
        expect(min[axis]).toBeGreaterThanOrEqual(-0.5);
        expect(max[axis]).toBeLessThanOrEqual(0.5);
        expect(max[axis]! - min[axis]!).toBeGreaterThan(0.85);
      }
    }
  });

  it('know where their centroid is: centred for symmetric sections, towards the web for a channel', () => {
    for (const family of ['i', 'tube', 'pipe', 'rectangle', 'circle'] as const) {
      const [c2, c3] = unitSection(family).centroid;
      expect(Math.abs(c2)).toBeLessThan(1e-9);
      expect(Math.abs(c3)).toBeLessThan(1e-9);
    }
    const channel = unitSection('channel').centroid;
    expect(channel[0]).toBeCloseTo(0, 9);
    expect(channel[1]).toBeLessThan(-0.1);
    const angle = unitSection('angle').centroid;
    expect(angle[0]).toBeLessThan(-0.1);
    expect(angle[1]).toBeLessThan(-0.1);
  });

  it('cut the hole out of tubes and pipes', () => {
    for (const family of ['tube', 'pipe'] as const) {
      const geometry = extrudeSection(unitSection(family));
      let capTriangles = 0;
      for (let t = 0; t < geometry.indices.length; t += 3) {
        const corners = [0, 1, 2].map((k) => (geometry.indices[t + k] as number) * 3);
        // End-cap triangles face along x; none may reach into the hole around the axis.
        if (corners.some((at) => Math.abs(geometry.normals[at] as number) !== 1)) continue;
        capTriangles++;
        const y = corners.reduce((sum, at) => sum + (geometry.positions[at + 1] as number), 0) / 3;
        const z = corners.reduce((sum, at) => sum + (geometry.positions[at + 2] as number), 0) / 3;
        expect(Math.hypot(y, z), family).toBeGreaterThan(0.35);
      }
      expect(capTriangles).toBeGreaterThan(0);
    }
  });
});
