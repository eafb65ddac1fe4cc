{{/* ---------------------------------------------------------------- Grafana dashboards */}}

{{/*
Dashboards are described as rows of panels, each panel a title, a unit and its queries; lib.dash.build
lays them out (a row header, then its panels side by side) and writes Grafana's JSON. Every query
reads the data source chosen in the `datasource` variable and the namespace chosen in `namespace`.
*/}}

{{/* A panel: (dict "title" <t> "unit" <Grafana unit> "targets" (list (list <expr> <legend>) ...) "stack" <bool>) */}}
{{- define "lib.dash.panel" -}}
{{- dict "title" .title "unit" (.unit | default "short") "targets" .targets | toJson -}}
{{- end -}}

{{/*
The dashboard's JSON: (dict "uid" <uid> "title" <title> "description" <text> "rows" (list (dict
"title" <row title> "panels" (list <lib.dash.panel JSON> ...)) ...))
*/}}
{{- define "lib.dash.build" -}}
{{- $datasource := dict "type" "prometheus" "uid" "${datasource}" -}}
{{- $panels := list -}}
{{- $id := 0 -}}
{{- $y := 0 -}}
{{- range $row := .rows -}}
{{- $id = add1 $id -}}
{{- $panels = append $panels (dict "id" $id "type" "row" "title" $row.title "collapsed" false "panels" (list) "gridPos" (dict "x" 0 "y" $y "w" 24 "h" 1)) -}}
{{- $y = add1 $y -}}
{{- /* Panels share the row's width; the last one takes what division leaves. */ -}}
{{- $width := div 24 (len $row.panels) -}}
{{- range $index, $json := $row.panels -}}
{{- $p := fromJson $json -}}
{{- $id = add1 $id -}}
{{- $targets := list -}}
{{- range $t, $target := $p.targets -}}
{{- $targets = append $targets (dict "refId" (substr (int $t) (int (add1 $t)) "ABCDEFGHIJ") "datasource" $datasource "expr" (index $target 0) "legendFormat" (index $target 1) "range" true) -}}
{{- end -}}
{{- $panels = append $panels (dict
      "id" $id "type" "timeseries" "title" $p.title "datasource" $datasource
      "gridPos" (dict "x" (mul $index $width) "y" $y "w" (ternary (sub 24 (mul $index $width)) $width (eq (add1 $index) (len $row.panels))) "h" 8)
      "fieldConfig" (dict "defaults" (dict "unit" $p.unit "min" 0 "custom" (dict "fillOpacity" 10 "showPoints" "never")) "overrides" (list))
      "options" (dict "legend" (dict "displayMode" "table" "placement" "bottom" "calcs" (list "lastNotNull" "max")) "tooltip" (dict "mode" "multi" "sort" "desc"))
      "targets" $targets) -}}
{{- end -}}
{{- $y = add $y 8 -}}
{{- end -}}
{{- $variables := list
      (dict "name" "datasource" "label" "Data source" "type" "datasource" "query" "prometheus" "current" (dict) "hide" 0 "refresh" 1)
      (dict "name" "namespace" "label" "Namespace" "type" "query" "datasource" $datasource
            "query" (dict "query" "label_values(http_request_duration_seconds_count, namespace)" "refId" "namespace")
            "definition" "label_values(http_request_duration_seconds_count, namespace)" "current" (dict) "hide" 0 "refresh" 2 "sort" 1) -}}
{{- dict
      "uid" .uid "title" .title "description" .description "tags" (list "civic-platform")
      "editable" true "schemaVersion" 39 "version" 1 "graphTooltip" 1 "refresh" "30s"
      "time" (dict "from" "now-6h" "to" "now") "timezone" "browser"
      "templating" (dict "list" $variables) "annotations" (dict "list" (list)) "links" (list)
      "panels" $panels | toPrettyJson -}}
{{- end -}}

{{/* The series of one component in the chosen namespace: (list $ <extra matchers>) */}}
{{- define "lib.dash.sel" -}}
{{- $matchers := list (printf "service=%q" (index . 0).Chart.Name) "namespace=\"$namespace\"" -}}
{{- with index . 1 }}{{ $matchers = append $matchers . }}{{ end -}}
{{- printf "{%s}" (join "," $matchers) -}}
{{- end -}}

{{/*
A component's own dashboard: its routes' rate, errors and duration; for an evented service its
consumers and its outbox; its pods (readiness, event-loop lag, memory, CPU); and what only it counts
(identity's refused logins, notifications' live streams, chat's sockets).
*/}}
{{- define "lib.dashboard.component" -}}
{{- $service := .Chart.Name -}}
{{- $s := include "lib.dash.sel" (list . "") -}}
{{- $err := include "lib.dash.sel" (list . "status_code=~\"5..\"") -}}
{{- $rows := list (dict "title" "Requests: rate, errors, duration (per route)" "panels" (list
      (include "lib.dash.panel" (dict "title" "Requests per second by route" "unit" "reqps" "targets" (list
          (list (printf "sum by (route) (rate(http_request_duration_seconds_count%s[$__rate_interval]))" $s) "{{route}}"))))
      (include "lib.dash.panel" (dict "title" "5xx ratio by route" "unit" "percentunit" "targets" (list
          (list (printf "sum by (route) (rate(http_request_duration_seconds_count%s[$__rate_interval])) / sum by (route) (rate(http_request_duration_seconds_count%s[$__rate_interval]))" $err $s) "{{route}}"))))
      (include "lib.dash.panel" (dict "title" "Duration p95 by route" "unit" "s" "targets" (list
          (list (printf "histogram_quantile(0.95, sum by (route, le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $s) "{{route}}"))))
      (include "lib.dash.panel" (dict "title" "Duration p50 / p95 / p99 (all routes)" "unit" "s" "targets" (list
          (list (printf "histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $s) "p50")
          (list (printf "histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $s) "p95")
          (list (printf "histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $s) "p99"))))
    )) -}}
{{- if ne $service "gateway" -}}
{{- $rows = append $rows (dict "title" "Events consumed (JetStream consumers)" "panels" (list
      (include "lib.dash.panel" (dict "title" "Lag: messages not yet delivered" "targets" (list
          (list (printf "max by (stream, consumer) (nats_consumer_pending_messages%s)" $s) "{{consumer}}"))))
      (include "lib.dash.panel" (dict "title" "Delivered, awaiting ack" "targets" (list
          (list (printf "max by (stream, consumer) (nats_consumer_ack_pending_messages%s)" $s) "{{consumer}}"))))
      (include "lib.dash.panel" (dict "title" "Redeliveries per second" "unit" "ops" "targets" (list
          (list (printf "sum by (consumer, subject) (rate(events_redelivered_total%s[$__rate_interval]))" $s) "{{consumer}} {{subject}}"))))
      (include "lib.dash.panel" (dict "title" "Dead-lettered events (15 min)" "targets" (list
          (list (printf "sum by (consumer, subject, reason) (increase(events_dead_lettered_total%s[15m]))" $s) "{{consumer}} {{subject}} {{reason}}"))))
    )) -}}
{{- $rows = append $rows (dict "title" "Outbox (events waiting to be published)" "panels" (list
      (include "lib.dash.panel" (dict "title" "Unpublished events" "targets" (list
          (list (printf "max(outbox_events_pending%s)" $s) "pending"))))
      (include "lib.dash.panel" (dict "title" "Age of the oldest unpublished event" "unit" "s" "targets" (list
          (list (printf "max(outbox_oldest_pending_age_seconds%s)" $s) "oldest"))))
    )) -}}
{{- end -}}
{{- $own := list -}}
{{- if eq $service "identity" -}}
{{- $own = append $own (include "lib.dash.panel" (dict "title" "Logins refused by reason" "unit" "ops" "targets" (list
      (list (printf "sum by (reason) (rate(identity_logins_refused_total%s[$__rate_interval]))" $s) "{{reason}}")))) -}}
{{- else if eq $service "notifications" -}}
{{- $own = append $own (include "lib.dash.panel" (dict "title" "Live unread-count streams open" "targets" (list
      (list (printf "sum by (pod) (notifications_streams_open%s)" $s) "{{pod}}")))) -}}
{{- else if eq $service "chat" -}}
{{- $own = append $own (include "lib.dash.panel" (dict "title" "Sockets connected" "targets" (list
      (list (printf "sum by (pod) (chat_sockets_connected%s)" $s) "{{pod}}")))) -}}
{{- end -}}
{{- if include "lib.readinessWatched" . -}}
{{- $own = append $own (include "lib.dash.panel" (dict "title" "Ready pods (and readiness changes, 15 min)" "targets" (list
      (list (printf "sum(service_ready%s)" $s) "ready")
      (list (printf "sum(changes(service_ready%s[15m]))" $s) "changes")))) -}}
{{- end -}}
{{- $rows = append $rows (dict "title" "Pods" "panels" (concat $own (list
      (include "lib.dash.panel" (dict "title" "Event-loop lag p99" "unit" "s" "targets" (list
          (list (printf "max by (pod) (nodejs_eventloop_lag_p99_seconds%s)" $s) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "Memory (resident)" "unit" "bytes" "targets" (list
          (list (printf "max by (pod) (process_resident_memory_bytes%s)" $s) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "CPU (cores)" "targets" (list
          (list (printf "sum by (pod) (rate(process_cpu_seconds_total%s[$__rate_interval]))" $s) "{{pod}}"))))
    ))) -}}
{{- include "lib.dash.build" (dict "uid" (printf "civic-%s" $service) "title" (printf "Civic platform / %s" $service)
      "description" (printf "%s: its routes' rate, errors and duration, its consumers, its outbox and its pods. Alerts and runbooks: deploy/OPERATIONS.md." $service)
      "rows" $rows) -}}
{{- end -}}

{{/* The platform at a glance (shipped by the gateway's release): every service side by side. */}}
{{- define "lib.dashboard.overview" -}}
{{- $ns := "{namespace=\"$namespace\"}" -}}
{{- $err := "{namespace=\"$namespace\",status_code=~\"5..\"}" -}}
{{- $rows := list
    (dict "title" "Requests (every service and the gateway)" "panels" (list
      (include "lib.dash.panel" (dict "title" "Requests per second" "unit" "reqps" "targets" (list
          (list (printf "sum by (service) (rate(http_request_duration_seconds_count%s[$__rate_interval]))" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "5xx ratio" "unit" "percentunit" "targets" (list
          (list (printf "sum by (service) (rate(http_request_duration_seconds_count%s[$__rate_interval])) / sum by (service) (rate(http_request_duration_seconds_count%s[$__rate_interval]))" $err $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Duration p95" "unit" "s" "targets" (list
          (list (printf "histogram_quantile(0.95, sum by (service, le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Duration p99" "unit" "s" "targets" (list
          (list (printf "histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket%s[$__rate_interval])))" $ns) "{{service}}"))))))
    (dict "title" "Events (outbox, consumers, dead letters)" "panels" (list
      (include "lib.dash.panel" (dict "title" "Unpublished outbox events" "targets" (list
          (list (printf "max by (service) (outbox_events_pending%s)" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Oldest unpublished event" "unit" "s" "targets" (list
          (list (printf "max by (service) (outbox_oldest_pending_age_seconds%s)" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Consumer lag" "targets" (list
          (list (printf "max by (service, consumer) (nats_consumer_pending_messages%s)" $ns) "{{service}} {{consumer}}"))))
      (include "lib.dash.panel" (dict "title" "Dead-lettered events (15 min)" "targets" (list
          (list (printf "sum by (service) (increase(events_dead_lettered_total%s[15m]))" $ns) "{{service}}"))))))
    (dict "title" "Readiness" "panels" (list
      (include "lib.dash.panel" (dict "title" "Ready pods" "targets" (list
          (list (printf "sum by (service) (service_ready%s)" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Readiness changes (15 min)" "targets" (list
          (list (printf "sum by (service) (changes(service_ready%s[15m]))" $ns) "{{service}}"))))
      (include "lib.dash.panel" (dict "title" "Event-loop lag p99 (worst pod)" "unit" "s" "targets" (list
          (list (printf "max by (service) (nodejs_eventloop_lag_p99_seconds%s)" $ns) "{{service}}")))))) -}}
{{- include "lib.dash.build" (dict "uid" "civic-overview" "title" "Civic platform / overview"
      "description" "Every service and the gateway: traffic, 5xx ratio, latency, outbox backlog, consumer lag, dead letters, readiness. Alerts and runbooks: deploy/OPERATIONS.md."
      "rows" $rows) -}}
{{- end -}}

{{/*
chat's sockets: connections per pod against the capacity each pod is sized for (the saturation alert),
the fan-out load (what the pods send: every broadcast reaches each socket of the room, through the
Redis adapter to the other pods), and the event-loop lag that fan-out causes.
*/}}
{{- define "lib.dashboard.chatSockets" -}}
{{- $s := include "lib.dash.sel" (list . "") -}}
{{- $pods := printf "{namespace=\"$namespace\",pod=~\"%s-.*\",container=%q}" (include "lib.fullname" .) (include "lib.name" .) -}}
{{- $rows := list
    (dict "title" "Sockets against capacity" "panels" (list
      (include "lib.dash.panel" (dict "title" "Sockets per pod and the per-pod capacity" "targets" (list
          (list (printf "sum by (pod) (chat_sockets_connected%s)" $s) "{{pod}}")
          (list (printf "max(chat_socket_capacity%s)" $s) "capacity per pod"))))
      (include "lib.dash.panel" (dict "title" "Saturation per pod (alert above the threshold)" "unit" "percentunit" "targets" (list
          (list (printf "max by (namespace, pod) (chat_sockets_connected%s) / on (namespace) group_left max by (namespace) (chat_socket_capacity%s)" $s $s) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "Sockets, all pods" "targets" (list
          (list (printf "sum(chat_sockets_connected%s)" $s) "sockets")
          (list (printf "sum(chat_socket_capacity%s)" $s) "capacity"))))))
    (dict "title" "Fan-out and its cost" "panels" (list
      (include "lib.dash.panel" (dict "title" "Fan-out: bytes sent per pod (cAdvisor)" "unit" "Bps" "targets" (list
          (list (printf "sum by (pod) (rate(container_network_transmit_bytes_total%s[$__rate_interval]))" (printf "{namespace=\"$namespace\",pod=~\"%s-.*\"}" (include "lib.fullname" .))) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "Event-loop lag p99" "unit" "s" "targets" (list
          (list (printf "max by (pod) (nodejs_eventloop_lag_p99_seconds%s)" $s) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "CPU (cores)" "targets" (list
          (list (printf "sum by (pod) (rate(process_cpu_seconds_total%s[$__rate_interval]))" $s) "{{pod}}"))))
      (include "lib.dash.panel" (dict "title" "Memory against limit" "unit" "bytes" "targets" (list
          (list (printf "max by (pod) (container_memory_working_set_bytes%s)" $pods) "{{pod}}")
          (list (printf "max(kube_pod_container_resource_limits%s)" (printf "{namespace=\"$namespace\",pod=~\"%s-.*\",container=%q,resource=\"memory\"}" (include "lib.fullname" .) (include "lib.name" .))) "limit")))))) -}}
{{- include "lib.dash.build" (dict "uid" "civic-chat-sockets" "title" "Civic platform / chat sockets"
      "description" "chat's sockets per pod against capacity, the fan-out load and the event-loop lag. Alert ChatSaturation in deploy/OPERATIONS.md."
      "rows" $rows) -}}
{{- end -}}
