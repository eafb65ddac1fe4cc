export { buildApp, type GatewayDeps } from './app.js';
export { GatewayConfig } from './config.js';
export { ROUTES, routeFor, upstreamFor, type RouteRule, type UpstreamName } from './domain/routes.js';
