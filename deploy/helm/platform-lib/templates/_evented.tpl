{{/*
Every object of an evented service's release (identity, decisions, elections, chat, notifications):
ServiceAccount, ConfigMap, Service, Deployment (waiting for its schema), HPA, PDB, the migration
Job of its image, NetworkPolicies, and the opt-in ServiceMonitor, PrometheusRule and dashboards. dict:
  root, env (the service's own extra env entries, rendered), config (derived settings added to the ConfigMap)
*/}}
{{- define "lib.evented" -}}
{{- $root := .root -}}
{{- $service := $root.Chart.Name -}}
{{- $name := include "lib.fullname" $root -}}
{{- $port := include "lib.port" (list $root $service) | int -}}
{{- /* The platform-wide settings, then the service's own, then what the chart derives. */ -}}
{{- $config := mustMergeOverwrite (deepCopy $root.Values.global.config) (deepCopy $root.Values.config) (.config | default dict) -}}
{{- include "lib.validateWorkload" (dict "name" $service "values" $root.Values "graceMs" ($config.SHUTDOWN_GRACE_MS | default 10000)) -}}
{{- $env := include "lib.serviceEnv" $root -}}
{{- with .env }}{{ $env = printf "%s\n%s" $env . }}{{ end -}}
{{- with include "lib.tracingEnv" $root }}{{ $env = printf "%s\n%s" $env . }}{{ end -}}
{{- with $root.Values.extraEnv }}{{ $env = printf "%s\n%s" $env (toYaml .) }}{{ end -}}
{{- include "lib.serviceAccount" $root }}
---
{{ include "lib.configMap" (dict "root" $root "name" (printf "%s-config" $name) "data" $config) }}
---
{{ include "lib.service" (dict "root" $root "name" $name "port" $port "annotations" $root.Values.service.annotations) }}
---
{{ include "lib.deployment" (dict
      "root" $root "name" $name "values" $root.Values
      "image" (include "lib.image" (dict "root" $root "image" $root.Values.image))
      "pullPolicy" (include "lib.pullPolicy" (dict "root" $root "image" $root.Values.image))
      "port" $port "env" $env "configMap" (printf "%s-config" $name)
      "checksum" (list $config $root.Values.global.existingSecret $root.Values.global.secretKeys $root.Values.databaseUrlKey $root.Values.outboxListenUrlKey ($root.Values.global.secretRevision | default "") | toJson | sha256sum)
      "readinessPath" "/readyz" "metrics" $root.Values.metrics.podAnnotations
      "initContainers" (include "lib.waitForSchema" $root)) }}
{{- include "lib.hpa" (dict "root" $root "name" $name "values" $root.Values) }}
{{- include "lib.pdb" (dict "root" $root "name" $name "values" $root.Values) }}
{{- include "lib.migrationJob" $root }}
{{- include "lib.monitoring" $root }}
{{- /* NetworkPolicies: called by the gateway (identity also by the services, for its JWKS; chat also by
the ingress controller on its socket path); calls PostgreSQL, NATS, and its own dependencies. */}}
{{- $ingress := list (include "lib.np.peer" (list $root "gateway")) -}}
{{- if eq $service "identity" -}}
{{- range list "decisions" "elections" "chat" "notifications" }}{{ $ingress = append $ingress (include "lib.np.peer" (list $root .)) }}{{ end -}}
{{- end -}}
{{- $fromPods := printf "- from:\n    %s\n  ports:\n    - port: http\n      protocol: TCP" (join "\n" $ingress | nindent 4 | trim) -}}
{{- $edge := include "lib.np.fromEdge" (dict "root" $root "controller" (and (eq $service "chat") (($root.Values.socketIo).ingress).enabled $root.Values.global.ingress.enabled) "metrics" true) -}}
{{- $egress := list (include "lib.np.dns" $root) (include "lib.np.dependency" (list $root "postgresql")) (include "lib.np.dependency" (list $root "nats")) -}}
{{- /* Redis: chat's adapter, decisions' shared PDF render counts. */ -}}
{{- if has $service (list "chat" "decisions") }}{{ $egress = append $egress (include "lib.np.dependency" (list $root "redis")) }}{{ end -}}
{{- if include "lib.tracingOn" $root }}{{ $egress = append $egress (include "lib.np.dependency" (list $root "otlp")) }}{{ end -}}
{{- if eq $service "identity" -}}
{{- $egress = append $egress (include "lib.np.dependency" (list $root "smtp")) -}}
{{- else -}}
{{- $egress = append $egress (printf "- to:\n    %s\n  ports:\n    - port: %d\n      protocol: TCP" (include "lib.np.peer" (list $root "identity") | nindent 4 | trim) (include "lib.port" (list $root "identity") | int)) -}}
{{- end -}}
{{- include "lib.networkPolicy" (dict "root" $root "name" $name "role" "server" "ingress" (printf "%s\n%s" $fromPods ($edge | trim) | trim) "egress" (join "\n" $egress)) }}
{{- if $root.Values.migrations.enabled }}
{{- include "lib.networkPolicy" (dict "root" $root "name" (printf "%s-migrate" $name) "role" "migration" "ingress" "" "egress" (printf "%s\n%s" (include "lib.np.dns" $root) (include "lib.np.dependency" (list $root "postgresql")))) }}
{{- end }}
{{- end -}}
