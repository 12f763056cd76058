// core: the three ways a video can be asked for. The model contracts (veo-models.ts, fal-models.ts) and the
// provider catalogue (integrations/providers.ts) both speak of them, so the word lives below both.
export type VideoMode = 'text-to-video' | 'image-to-video' | 'reference-to-video';
