// The console's sections, listed once: the shell's navigation, the routes under /console/<id> and the
// code-split screens all come from this list. Each screen lives in its own folder (web/src/console/<id>/)
// and is downloaded only when opened, so the first page stays small.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ConsoleSection {
  /** The path segment: /console/<id>. */
  readonly id: string;
  /** The navigation label and the screen's heading. */
  readonly title: string;
  readonly screen: LazyExoticComponent<ComponentType>;
}

/** `load` imports the section's module; `name` is the component it exports. */
function section(
  id: string,
  title: string,
  load: () => Promise<Record<string, ComponentType>>,
  name: string,
): ConsoleSection {
  return { id, title, screen: lazy(() => load().then((module) => ({ default: module[name]! }))) };
}

export const SECTIONS: readonly ConsoleSection[] = [
  section('assets', 'Assets', () => import('./assets/AssetsScreen.tsx'), 'AssetsScreen'),
  section('templates', 'Templates', () => import('./templates/TemplatesScreen.tsx'), 'TemplatesScreen'),
  section('usage', 'Usage and billing', () => import('./usage/UsageScreen.tsx'), 'UsageScreen'),
  section('keys', 'API keys', () => import('./keys/KeysScreen.tsx'), 'KeysScreen'),
  section('members', 'Members', () => import('./members/MembersScreen.tsx'), 'MembersScreen'),
  section('settings', 'Settings', () => import('./settings/SettingsScreen.tsx'), 'SettingsScreen'),
  section('integrations', 'Integrations', () => import('./integrations/IntegrationsScreen.tsx'), 'IntegrationsScreen'),
  section('webhooks', 'Webhooks', () => import('./webhooks/WebhooksScreen.tsx'), 'WebhooksScreen'),
  section('servers', 'MCP servers', () => import('./servers/ServersScreen.tsx'), 'ServersScreen'),
  section('audit', 'Audit log', () => import('./audit/AuditScreen.tsx'), 'AuditScreen'),
];

export function sectionById(id: string): ConsoleSection | undefined {
  return SECTIONS.find((candidate) => candidate.id === id);
}
