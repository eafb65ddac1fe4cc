{{/* ---------------------------------------------------------------- Ingress */}}

{{/*
An Ingress on the platform's host (global.ingress): (dict "root" $ "name" <name> "annotations" <map>
"paths" (list (dict "path" "/api" "pathType" "Prefix" "service" <name> "port" <port>) ...))
*/}}
{{- define "lib.ingress" -}}
{{- $i := .root.Values.global.ingress -}}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" (dict "root" .root) | nindent 4 }}
  {{- with .annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with $i.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- with $i.tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  rules:
    - {{ with $i.host }}host: {{ . | quote }}{{ else }}# every host{{ end }}
      http:
        paths:
          {{- range .paths }}
          - path: {{ .path }}
            pathType: {{ .pathType | default "Prefix" }}
            backend:
              service:
                name: {{ .service }}
                port:
                  number: {{ .port }}
          {{- end }}
{{- end -}}

{{/* The origin users open (global.publicUrl), without a trailing slash. */}}
{{- define "lib.publicUrl" -}}
{{- trimSuffix "/" (.Values.global).publicUrl -}}
{{- end -}}

{{/* ---------------------------------------------------------------- NetworkPolicy */}}

{{/* Serving pods of another component (any release of the platform): (list $ "gateway") */}}
{{- define "lib.np.peer" -}}
- podSelector:
    matchLabels:
      app.kubernetes.io/name: {{ index . 1 }}
      app.kubernetes.io/component: server
      app.kubernetes.io/part-of: civic-platform
{{- end -}}

{{/* Egress to DNS, for every pod. */}}
{{- define "lib.np.dns" -}}
{{- $dns := .Values.global.networkPolicy.dns -}}
- to:
    {{- toYaml $dns.peers | nindent 4 }}
  ports:
    - port: {{ $dns.port }}
      protocol: UDP
    - port: {{ $dns.port }}
      protocol: TCP
{{- end -}}

{{/* Egress to a dependency (postgresql, nats, redis, smtp): its peers, else its CIDRs, else any address on its ports. (list $ "nats") */}}
{{- define "lib.np.dependency" -}}
{{- $d := index (index . 0).Values.global.networkPolicy.dependencies (index . 1) -}}
- ports:
    {{- range $d.ports }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
  {{- if or $d.peers $d.cidrs }}
  to:
    {{- with $d.peers }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
    {{- range $d.cidrs }}
    - ipBlock:
        cidr: {{ . }}
    {{- end }}
  {{- end }}
{{- end -}}

{{/*
A NetworkPolicy when global.networkPolicy.enabled: (dict "root" $ "name" <name> "role" "server"
"ingress" <rendered rules> "egress" <rendered rules>); an empty list of rules denies that direction.
*/}}
{{- define "lib.networkPolicy" -}}
{{- if .root.Values.global.networkPolicy.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" (dict "root" .root) | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "lib.selectorLabels" (dict "root" .root "role" .role) | nindent 6 }}
  policyTypes: [Ingress, Egress]
  {{- with .ingress }}
  ingress:
    {{- . | nindent 4 }}
  {{- else }}
  ingress: []
  {{- end }}
  {{- with .egress }}
  egress:
    {{- . | nindent 4 }}
  {{- else }}
  egress: []
  {{- end }}
{{- end }}
{{- end -}}

{{/* Ingress rules: from the ingress controller and the metrics scrapers. (dict "root" $ "controller" bool "metrics" bool) */}}
{{- define "lib.np.fromEdge" -}}
{{- $np := .root.Values.global.networkPolicy -}}
{{- if and .metrics $np.enabled (not $np.metricsPeers) (include "lib.monitoringOn" (list .root "serviceMonitor")) }}
{{- fail (printf "%s: a ServiceMonitor with NetworkPolicies on and global.networkPolicy.metricsPeers empty: Prometheus could not scrape the pods. Set global.networkPolicy.metricsPeers to your Prometheus pods (e.g. a namespaceSelector of its namespace with a podSelector app.kubernetes.io/name: prometheus)." .root.Chart.Name) }}
{{- end }}
{{- if .controller }}
- from:
    {{- toYaml $np.ingressControllerPeers | nindent 4 }}
  ports:
    - port: http
      protocol: TCP
{{- end }}
{{- if and .metrics $np.metricsPeers }}
- from:
    {{- toYaml $np.metricsPeers | nindent 4 }}
  ports:
    - port: http
      protocol: TCP
{{- end }}
{{- end -}}
