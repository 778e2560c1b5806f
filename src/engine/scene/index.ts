export * from './sceneData';
export * from './toSceneData';
