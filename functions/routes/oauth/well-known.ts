// route: GET /.well-known/* (app host) → the discovery documents, served by the OAuth server's handler.
// Its own entry so that each manifest route has one bundle (the function is the same code as oauth/server).
export { handler } from './server.ts';
