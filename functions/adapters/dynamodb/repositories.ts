// adapter: the repositories a function uses, created once per cold start.
import { DynamoApiKeyRepository } from './api-key-repository.ts';
import { DynamoCanvasRepository } from './canvas-repository.ts';
import { DynamoWorkspaceRepository } from './workspace-repository.ts';

export const apiKeys = new DynamoApiKeyRepository();
export const canvases = new DynamoCanvasRepository();
export const workspaces = new DynamoWorkspaceRepository();
