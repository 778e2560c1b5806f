import type { SceneData } from '../../engine/scene';

/**
 * Pick radii from the profiles alone: half the larger of a frame profile's drawn depth and width, 0 (the
 * defaults of `createPickIndex`) for elements without a frame profile. The viewer may pass its own radii when it
 * draws members at another size.
 */
export function profilePickRadii(data: SceneData): Float32Array {
  const { profiles } = data.elements;
  const radii = new Float32Array(profiles.length);
  const profileRadius = data.profiles.map((profile) =>
    profile.kind === 'frame' ? Math.max(profile.depth, profile.width) / 2 : 0,
  );
  for (let element = 0; element < profiles.length; element++) {
    radii[element] = profileRadius[profiles[element] as number] ?? 0;
  }
  return radii;
}
