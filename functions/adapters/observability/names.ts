// adapter: the names the functions log and count under, shared with the CDK alarms and dashboard
// (lib/constructs/operations-*.ts) so the two cannot drift apart.
export const SERVICE_NAME = 'workspace-automation';
/** CloudWatch namespace of the service's EMF metrics. */
export const METRICS_NAMESPACE = 'WorkspaceAutomation';
