/** Each Node component's configuration schema (typebox, i.e. JSON Schema), which the charts and images must satisfy. */
import type { loadConfig } from '@civic/service-kit';
import { ChatConfig } from '../../../services/chat/src/config.js';
import { DecisionsConfig } from '../../../services/decisions/src/config.js';
import { ElectionsConfig } from '../../../services/elections/src/config.js';
import { GatewayConfig } from '../../../services/gateway/src/config.js';
import { IdentityConfig } from '../../../services/identity/src/config.js';
import { NotificationsConfig } from '../../../services/notifications/src/config.js';

export const CONFIG_SCHEMAS: Record<string, Parameters<typeof loadConfig>[0]> = {
  identity: IdentityConfig,
  decisions: DecisionsConfig,
  elections: ElectionsConfig,
  chat: ChatConfig,
  notifications: NotificationsConfig,
  gateway: GatewayConfig,
};
