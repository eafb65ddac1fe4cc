{{/* ---------------------------------------------------------------- monitoring (opt-in) */}}

{{/*
What a release (a service or the gateway) monitors, every object off unless its own
monitoring.<object>.enabled or global.monitoring.<object>.enabled is on. The metric names are the
fixed ones of deploy/OPERATIONS.md "Metrics"; every series carries `service` (the component's name),
and the scrape adds `namespace` and `pod`, which the alerts and dashboards select on.
*/}}
{{- define "lib.monitoring" -}}
{{- include "lib.serviceMonitor" . }}
{{- include "lib.prometheusRule" . }}
{{- include "lib.dashboards" . }}
{{- end -}}

{{/* Whether one monitoring object is on for this release: (list $ "serviceMonitor") */}}
{{- define "lib.monitoringOn" -}}
{{- $root := index . 0 -}}{{- $object := index . 1 -}}
{{- if or (index $root.Values.global.monitoring $object).enabled (index $root.Values.monitoring $object).enabled }}true{{ end -}}
{{- end -}}

{{/* Labels of the ServiceMonitor and PrometheusRule: the chart's, then global.monitoring.labels and the release's own (what the Prometheus selectors match). */}}
{{- define "lib.monitoringLabels" -}}
{{- include "lib.labels" (dict "root" .) }}
{{- with mustMergeOverwrite (deepCopy .Values.global.monitoring.labels) .Values.monitoring.labels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
The ServiceMonitor of the release's Service, port http, path /metrics. honorLabels keeps the
metrics' own `service` (the component's name) and `pod` labels: without it Prometheus would rename
them exported_service / exported_pod, and every alert and dashboard selects on them.
*/}}
{{- define "lib.serviceMonitor" -}}
{{- if include "lib.monitoringOn" (list . "serviceMonitor") }}
{{- $sm := .Values.monitoring.serviceMonitor }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "lib.fullname" . }}
  labels:
    {{- include "lib.monitoringLabels" . | nindent 4 }}
spec:
  selector:
    matchLabels:
      {{- include "lib.selectorLabels" (dict "root" .) | nindent 6 }}
  namespaceSelector:
    matchNames: [{{ .Release.Namespace | quote }}]
  endpoints:
    - port: http
      path: /metrics
      interval: {{ $sm.interval }}
      scrapeTimeout: {{ $sm.scrapeTimeout }}
      honorLabels: true
{{- end }}
{{- end -}}

{{/*
Whether the pods' readiness probe is their /readyz, whose answers service_ready follows: every
service's; the gateway's unless readinessPath points elsewhere (then nothing asks its /readyz).
*/}}
{{- define "lib.readinessWatched" -}}
{{- if or (ne .Chart.Name "gateway") (eq (.Values.readinessPath | default "") "/readyz") }}true{{ end -}}
{{- end -}}

{{/* The PromQL selector of this release's series: (dict "root" $ "extra" <more matchers, optional>) */}}
{{- define "lib.promSelector" -}}
{{- $matchers := list (printf "service=%q" .root.Chart.Name) (printf "namespace=%q" .root.Release.Namespace) -}}
{{- with .extra }}{{ $matchers = append $matchers . }}{{ end -}}
{{- printf "{%s}" (join "," $matchers) -}}
{{- end -}}

{{/* runbook_url of an alert: the OPERATIONS.md address plus the alert's anchor. (list $ "OutboxBacklog") */}}
{{- define "lib.runbookUrl" -}}
{{- printf "%s#%s" (index . 0).Values.global.monitoring.runbookUrl (lower (index . 1)) -}}
{{- end -}}

{{/*
One alerting rule: (dict "root" $ "alert" <name> "expr" <PromQL> "for" <duration> "severity"
<warning|critical> "summary" <text> "description" <text, may use $labels / $value>)
*/}}
{{- define "lib.alert" -}}
- alert: {{ .alert }}
  expr: {{ .expr | quote }}
  {{- if .for }}
  for: {{ .for }}
  {{- end }}
  labels:
    severity: {{ .severity }}
    service: {{ .root.Chart.Name }}
  annotations:
    summary: {{ .summary | quote }}
    description: {{ .description | quote }}
    runbook_url: {{ include "lib.runbookUrl" (list .root .alert) | quote }}
{{- end -}}

{{/*
The PrometheusRule of the release: 5xx ratio for every release, readiness flapping where the
readiness probe is /readyz (lib.readinessWatched); outbox
backlog, consumer lag and dead letters for the evented services; socket saturation for chat.
Thresholds are monitoring.rules.* values. From kube-state-metrics: a failed migration Job (services
with migrations), replicas unavailable for 5 minutes and a container restarting more than 3 times in
15 minutes.
*/}}
{{- define "lib.prometheusRule" -}}
{{- if include "lib.monitoringOn" (list . "rules") }}
{{- $root := . }}
{{- $t := .Values.monitoring.rules }}
{{- $service := .Chart.Name }}
{{- $sel := include "lib.promSelector" (dict "root" .) }}
{{- $errors := include "lib.promSelector" (dict "root" . "extra" "status_code=~\"5..\"") }}
{{- $alerts := list }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "HighErrorRate" "for" "5m" "severity" "critical"
      "expr" (printf "sum by (namespace) (rate(http_request_duration_seconds_count%s[5m])) / sum by (namespace) (rate(http_request_duration_seconds_count%s[5m])) > %v" $errors $sel $t.errorRatio)
      "summary" (printf "%s answers more than %v %% of its requests with a 5xx" $service (mulf $t.errorRatio 100))
      "description" (printf "{{ $value | humanizePercentage }} of %s's requests failed with a 5xx over the last 5 minutes." $service))) }}
{{- if include "lib.readinessWatched" . }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "ReadinessFlapping" "for" "" "severity" "warning"
      "expr" (printf "changes(service_ready%s[15m]) > %v" $sel $t.readinessChanges)
      "summary" (printf "a %s pod keeps going ready and unready" $service)
      "description" (printf "{{ $labels.pod }} changed readiness {{ $value }} times in 15 minutes (more than %v): a dependency (PostgreSQL, NATS) comes and goes, or the pod is overloaded." $t.readinessChanges))) }}
{{- end }}
{{- if ne $service "gateway" }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "OutboxBacklog" "for" "5m" "severity" "warning"
      "expr" (printf "max by (namespace) (outbox_events_pending%s) > %v or max by (namespace) (outbox_oldest_pending_age_seconds%s) > %v" $sel $t.outboxPendingEvents $sel $t.outboxOldestAgeSeconds)
      "summary" (printf "%s's outbox is not draining" $service)
      "description" (printf "%s has more than %v unpublished events or one older than %v s: NATS unreachable or the relay failing. Events wait; they are not lost." $service $t.outboxPendingEvents $t.outboxOldestAgeSeconds))) }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "ConsumerLag" "for" "10m" "severity" "warning"
      "expr" (printf "max by (namespace, stream, consumer) (nats_consumer_pending_messages%s) > %v" $sel $t.consumerLagMessages)
      "summary" (printf "a %s consumer falls behind its stream" $service)
      "description" (printf "{{ $labels.consumer }} on {{ $labels.stream }} has {{ $value }} messages waiting (more than %v) for 10 minutes." $t.consumerLagMessages))) }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "EventsDeadLettered" "for" "" "severity" "warning"
      "expr" (printf "sum by (namespace, consumer, subject, reason) (increase(events_dead_lettered_total%s[15m])) > 0" $sel)
      "summary" (printf "%s set events aside (dead letters)" $service)
      "description" "{{ $labels.consumer }} dead-lettered {{ $value | humanize }} {{ $labels.subject }} events ({{ $labels.reason }}) in 15 minutes: they wait for an operator.")) }}
{{- end }}
{{- if eq $service "chat" }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "ChatSaturation" "for" "10m" "severity" "warning"
      "expr" (printf "max by (namespace, pod) (chat_sockets_connected%s) / on (namespace) group_left max by (namespace) (chat_socket_capacity%s) > %v" $sel $sel $t.chatSaturationRatio)
      "summary" (printf "a chat pod holds more than %v %% of its socket capacity" (mulf $t.chatSaturationRatio 100))
      "description" "{{ $labels.pod }} is at {{ $value | humanizePercentage }} of its socket capacity for 10 minutes: add pods before new sockets are refused or slow.")) }}
{{- end }}
{{- if eq $service "identity" }}
{{- /* Keys are retired by hand, signingKeyRetireAfterDays after they were added: warn while a successor can still be rolled out calmly. */}}
{{- if ge (int $t.signingKeyWarnDays) (int $t.signingKeyRetireAfterDays) }}
{{- fail "identity: monitoring.rules.signingKeyWarnDays must be below signingKeyRetireAfterDays" }}
{{- end }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "SigningKeyNearRetirement" "for" "30m" "severity" "warning"
      "expr" (printf "time() - max by (namespace) (identity_signing_key_newest_created_timestamp_seconds%s) > %d" $sel (mul (sub (int $t.signingKeyRetireAfterDays) (int $t.signingKeyWarnDays)) 86400))
      "summary" "the access-token signing key nears its retirement and has no successor"
      "description" (printf "The newest signing key identity publishes is {{ $value | humanizeDuration }} old: it is due for retirement at %d days and no newer key was added. Rotate it now (docs/signing-keys.md), so the new key is published and signing before the old one is retired." (int $t.signingKeyRetireAfterDays)))) }}
{{- end }}
{{- /*
What breaks in Kubernetes, from kube-state-metrics: its series carry the exporter's own `service`
label, so these select the release's objects by namespace and name (Jobs <fullname>-migrate-*, the
Deployment <fullname>, its pods <fullname>-<hash>-<id>) instead.
*/}}
{{- $fullname := include "lib.fullname" . }}
{{- $ns := printf "namespace=%q" .Release.Namespace }}
{{- if .Values.migrations }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "MigrationFailed" "for" "" "severity" "critical"
      "expr" (printf "max by (namespace, job_name) (kube_job_status_failed{%s,job_name=~%q}) > 0" $ns (printf "%s-migrate-.*" $fullname))
      "summary" (printf "a %s migration Job failed" $service)
      "description" (printf "{{ $labels.job_name }} failed: the new %s pods wait in wait-for-schema and the previous ones keep serving. Read its log before anything else." $service))) }}
{{- end }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "ReplicasUnavailable" "for" "5m" "severity" "warning"
      "expr" (printf "max by (namespace, deployment) (kube_deployment_status_replicas_unavailable{%s,deployment=%q}) > 0" $ns $fullname)
      "summary" (printf "%s has pods unavailable for 5 minutes" $service)
      "description" (printf "{{ $value }} %s replicas have been unavailable (not ready, or not scheduled) for 5 minutes." $service))) }}
{{- $alerts = append $alerts (include "lib.alert" (dict "root" . "alert" "ContainerRestarting" "for" "" "severity" "warning"
      "expr" (printf "max by (namespace, pod, container) (increase(kube_pod_container_status_restarts_total{%s,pod=~%q,container=%q}[15m])) > 3" $ns (printf "%s-[a-z0-9]+-[a-z0-9]+" $fullname) (include "lib.name" .))
      "summary" (printf "a %s container restarts over and over" $service)
      "description" (printf "{{ $labels.pod }} restarted {{ $value | humanize }} times in 15 minutes (more than 3): a crash loop or OOM kills." ))) }}
---
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: {{ include "lib.fullname" . }}
  labels:
    {{- include "lib.monitoringLabels" . | nindent 4 }}
spec:
  groups:
    - name: {{ printf "civic-%s" $service }}
      rules:
        {{- join "\n" $alerts | nindent 8 }}
{{- end }}
{{- end -}}

{{/*
The release's Grafana dashboards in one ConfigMap, found by Grafana's sidecar through its label
(grafana_dashboard: "1" by default). Each component ships its own dashboard; the gateway also the
platform overview, chat also its sockets dashboard.
*/}}
{{- define "lib.dashboards" -}}
{{- if include "lib.monitoringOn" (list . "dashboards") }}
{{- $d := .Values.monitoring.dashboards }}
{{- $boards := dict (printf "civic-%s.json" .Chart.Name) (include "lib.dashboard.component" .) }}
{{- if eq .Chart.Name "gateway" }}{{ $_ := set $boards "civic-overview.json" (include "lib.dashboard.overview" .) }}{{ end }}
{{- if eq .Chart.Name "chat" }}{{ $_ := set $boards "civic-chat-sockets.json" (include "lib.dashboard.chatSockets" .) }}{{ end }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ printf "%s-dashboards" (include "lib.fullname" .) }}
  {{- with $d.namespace | default .Values.global.monitoring.dashboards.namespace }}
  namespace: {{ . }}
  {{- end }}
  labels:
    {{- include "lib.labels" (dict "root" .) | nindent 4 }}
    {{- toYaml $d.labels | nindent 4 }}
  {{- with $d.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
data:
  {{- range $file, $json := $boards }}
  {{ $file }}: |-
    {{- $json | nindent 4 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* ---------------------------------------------------------------- tracing (opt-in) */}}

{{/*
OpenTelemetry env of a component's pods when tracing is on (its own tracing.enabled or
global.tracing.enabled): OTLP endpoint and protocol, sampler, service name = the component, and the
resource attributes (version = image tag, namespace and pod from the downward API). A release's
own endpoint, protocol, sampler and samplerArg win over global.tracing's where set. Off: no OTEL_*
variable at all, so the services start no SDK.
*/}}
{{/* Whether this release traces (its own tracing.enabled or global.tracing.enabled). */}}
{{- define "lib.tracingOn" -}}
{{- if or .Values.global.tracing.enabled .Values.tracing.enabled }}true{{ end -}}
{{- end -}}

{{- define "lib.tracingEnv" -}}
{{- $g := .Values.global.tracing -}}
{{- $t := .Values.tracing -}}
{{- if include "lib.tracingOn" . -}}
{{- $endpoint := $t.endpoint | default $g.endpoint | required (printf "%s: tracing is on but no OTLP endpoint is set (tracing.endpoint or global.tracing.endpoint, e.g. http://otel-collector.observability:4318)" .Chart.Name) -}}
{{- $version := .Values.image.tag | default .Values.image.digest | default .Chart.AppVersion -}}
- name: K8S_NAMESPACE_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: OTEL_SERVICE_NAME
  value: {{ .Chart.Name | quote }}
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ printf "service.namespace=civic-platform,service.version=%s,k8s.namespace.name=$(K8S_NAMESPACE_NAME),k8s.pod.name=$(K8S_POD_NAME)" $version | quote }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $endpoint | quote }}
- name: OTEL_EXPORTER_OTLP_PROTOCOL
  value: {{ $t.protocol | default $g.protocol | quote }}
- name: OTEL_TRACES_SAMPLER
  value: {{ $t.sampler | default $g.sampler | quote }}
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $t.samplerArg | default $g.samplerArg | toString | quote }}
{{- end -}}
{{- end -}}
