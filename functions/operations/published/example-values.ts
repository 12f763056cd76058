// operations: the sample server and credential the published-server operations' examples share (plain data).
const AT = '2026-11-23T20:00:00.000Z';
export const LATER = '2026-11-23T20:00:02.000Z';
export const SERVER_ID = 'psv_01jd8xb2m4p6r8t0v2x4z6b8d0';
export const CREDENTIAL_ID = 'pck_01jd8xc2m4p6r8t0v2x4z6b8d0';

export const tool = {
  triggerNodeId: 'ask',
  toolName: 'ask',
  description: 'Answers a question in the given language',
  inputs: [{ name: 'language', type: 'string', description: 'Language of the answer', required: true }],
};

export const server = {
  id: SERVER_ID,
  slug: 'ask-docs',
  path: '/mcp/s/ask-docs',
  url: 'https://app.example.com/mcp/s/ask-docs',
  name: 'Ask the docs',
  description: 'Answers questions about our product documentation',
  canvasId: 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u',
  visibility: 'protected',
  version: 'latest',
  pinnedCanvasVersion: null,
  tools: [tool],
  limits: { callsPerMinute: 60, creditsPerDay: 1000 },
  createdAt: AT,
  updatedAt: AT,
};

export const credential = {
  id: CREDENTIAL_ID,
  serverId: SERVER_ID,
  name: 'Support agent',
  prefix: 'umcp_Xy3kQ9',
  createdAt: AT,
  expiresAt: null,
  revokedAt: null,
  status: 'active',
};
